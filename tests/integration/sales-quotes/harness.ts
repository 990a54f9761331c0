import * as clientsRoute from "~/routes/clients";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";
import { startQuotePagesBackoffice, toastOf as toastAfter, type QuotePagesBackoffice } from "../quote-pages/harness";

/**
 * The representative's quote pages over the shared quote pages harness (../quote-pages/harness.ts).
 * The customers' moves (asking, answering) go straight to /api/oms with their own tokens: this
 * suite tests the representative's side of them, through the portal's loaders and actions.
 */

export { DEMO_TODAY, PDF_BYTES, answered, apiAs, cookieFor, multipart, orderableProducts, page, run } from "../quote-pages/harness";

export const LOGINS = {
  /** Yann Le Gall: linked to Voilerie Atlantique (C0001) and Nautisme Ajaccio (C0005), not to Balises Méditerranée (C0901). */
  contributor: "commercial@nautidistrib.fr",
  /** Sophie Martin: linked to C0901, not to C0001. */
  otherContributor: "commercial2@nautidistrib.fr",
  /** A people account of Voilerie Atlantique with every flag. */
  buyer: "acheteur@voilerie-atlantique.fr",
  organization: "client@voilerie-atlantique.fr",
  /** Another client of the same representative. */
  corsica: "contact@nautisme-ajaccio.fr",
  /** A client of the other representative only. */
  marseille: "contact@balises-mediterranee.fr",
} as const;

export type SalesBackoffice = QuotePagesBackoffice;

export function startSalesBackoffice(): Promise<SalesBackoffice> {
  return startQuotePagesBackoffice("sales-quotes-test");
}

/** The contributor acting for a client (login-as through /clients): the new cookies. */
export async function actingFor(backoffice: SalesBackoffice, cookie: string, orgId: number): Promise<string> {
  const response = await responseOf(() =>
    callRoute(clientsRoute.action, formRequest("/clients", { intent: "login-as", slave_id: String(orgId) }, cookie), backoffice.context()),
  );
  if (response.headers.get("location") !== "/") throw new Error(`login-as refused: ${response.status} ${response.headers.get("location")}`);
  return cookieJar(cookie, response);
}

/** The toast a redirect set, as the representative's list would show it. */
export function toastOf(backoffice: SalesBackoffice, cookie: string, response: Response): Promise<string | null> {
  return toastAfter(backoffice, cookie, response, "/clients/devis");
}
