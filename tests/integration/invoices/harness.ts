import type { Kysely } from "kysely";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, DEMO_TODAY, startHarness } from "../../support/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";

/**
 * The one harness (tests/support/harness.ts) for /mon-compte/factures: the real back-office
 * over a copy of the small demo set (its invoices in every status), on a clock stopped on
 * DEMO_TODAY, counting the file calls the portal makes (a refused selection sends nothing).
 */

export { DEMO_TODAY };

export const LOGINS = {
  /** Voilerie Atlantique's organization account: every right. */
  organization: "client@voilerie-atlantique.fr",
  /** A people account with `invoices`. */
  buyer: "acheteur@voilerie-atlantique.fr",
  /** A people account without `invoices`. */
  consultant: "consultant@voilerie-atlantique.fr",
  /** Another organization. */
  corsica: "contact@nautisme-ajaccio.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

export interface InvoicesBackoffice {
  db: Kysely<Database>;
  /** POST /api/oms/invoices/archive calls the back-office received. */
  readonly archiveCalls: number;
  /** GET /api/oms/invoices/{id}/pdf calls the back-office received. */
  readonly pdfCalls: number;
  context(): PortalLoadContext;
  close(): Promise<void>;
}

export async function startInvoicesBackoffice(): Promise<InvoicesBackoffice> {
  const counts = { archive: 0, pdf: 0 };
  const harness = await startHarness({
    seed: { size: "small", today: DEMO_TODAY },
    before: [
      (req, _res, next) => {
        if (req.method === "POST" && req.path === "/api/oms/invoices/archive") counts.archive += 1;
        if (req.method === "GET" && /^\/api\/oms\/invoices\/\d+\/pdf$/.test(req.path)) counts.pdf += 1;
        next();
      },
    ],
    name: "invoices-test",
  });
  return {
    db: harness.db,
    get archiveCalls() {
      return counts.archive;
    },
    get pdfCalls() {
      return counts.pdf;
    },
    context: harness.context,
    close: harness.close,
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: InvoicesBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader or action as Remix does, with route params. */
export function run<T>(
  fn: (args: never) => Promise<T>,
  backoffice: InvoicesBackoffice,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  return (fn as unknown as (args: RouteArgs) => Promise<T>)({ request, context: backoffice.context(), params });
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: { cookie } });
}

/** A form POST with repeated fields (the ticked checkboxes). */
export function selectionRequest(path: string, fields: [string, string][], cookie: string): Request {
  return new Request(`http://portail.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The toast a redirect set, as the next page would show it. */
export async function toastOf(backoffice: InvoicesBackoffice, cookie: string, response: Response): Promise<string | null> {
  const { toast } = await backoffice.context().toasts.take(page("/mon-compte/factures", cookieJar(cookie, response)));
  return toast?.message ?? null;
}
