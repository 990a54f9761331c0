import { apiAs, startQuotePagesBackoffice, toastOf as toastAfter, type QuotePagesBackoffice } from "../quote-pages/harness";

/**
 * The customer's quote pages over the shared quote pages harness (../quote-pages/harness.ts).
 * The representative's moves (propose, ask for information) go straight to /api/sales with the
 * contributor's own token: this suite tests the customer's side of them.
 */

export { DEMO_TODAY, PDF_BYTES, PNG_BYTES, answered, cookieFor, multipart, orderableProducts, page, run } from "../quote-pages/harness";

export const LOGINS = {
  /** Voilerie Atlantique's organization account: every right. */
  organization: "client@voilerie-atlantique.fr",
  /** A people account of Voilerie Atlantique with every flag. */
  buyer: "acheteur@voilerie-atlantique.fr",
  /** A people account with `quotes` (by default) but neither `prices` nor `orders`. */
  storekeeper: "magasinier@voilerie-atlantique.fr",
  /** A people account without `quotes`. */
  consultant: "consultant@voilerie-atlantique.fr",
  /** Another organization, a client of the same representative. */
  corsica: "contact@nautisme-ajaccio.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

export type QuotesBackoffice = QuotePagesBackoffice;

export function startQuotesBackoffice(): Promise<QuotesBackoffice> {
  return startQuotePagesBackoffice("quotes-portal-test");
}

/** The toast a redirect set, as the quote list would show it. */
export function toastOf(backoffice: QuotesBackoffice, cookie: string, response: Response): Promise<string | null> {
  return toastAfter(backoffice, cookie, response, "/mon-compte/mes-devis");
}

/** The representative's calls under /api/sales/quotes, with the contributor's own token. */
export async function salesApi(backoffice: QuotesBackoffice) {
  const { call } = await apiAs(backoffice, LOGINS.contributor);
  return (path: string, body?: unknown) => call(`/sales/quotes${path}`, body);
}
