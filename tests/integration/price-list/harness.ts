import type { Kysely } from "kysely";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, DEMO_TODAY, startHarness } from "../../support/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";

/**
 * The one harness (tests/support/harness.ts) for /mon-compte/tarifs: the real back-office over
 * a copy of the small demo set, on a clock stopped on DEMO_TODAY that both sides share. It
 * records the price list calls the portal makes (the exports read pages one after the other).
 */

export { DEMO_TODAY };

export const LOGINS = {
  /** Voilerie Atlantique's organization account: every right. */
  organization: "client@voilerie-atlantique.fr",
  /** A people account without `prices`. */
  storekeeper: "magasinier@voilerie-atlantique.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

export interface PriceListBackoffice {
  db: Kysely<Database>;
  /** The query strings of the GET /api/pim/price-list received, in order. */
  readonly calls: URLSearchParams[];
  /** While set, that page of the price list answers 503 as a down back-office. */
  failPage: number | null;
  context(): PortalLoadContext;
  close(): Promise<void>;
}

export async function startPriceListBackoffice(): Promise<PriceListBackoffice> {
  const state = { calls: [] as URLSearchParams[], failPage: null as number | null };
  const harness = await startHarness({
    seed: { size: "small", today: DEMO_TODAY },
    before: [
      (req, res, next) => {
        if (req.method !== "GET" || req.path !== "/api/pim/price-list") return next();
        const query = new URL(req.originalUrl, "http://backoffice.test").searchParams;
        state.calls.push(query);
        if (state.failPage !== null && query.get("page") === String(state.failPage)) {
          return void res.status(503).json({ code: "down", message: "indisponible" });
        }
        next();
      },
    ],
    name: "price-list-test",
  });
  return {
    db: harness.db,
    get calls() {
      return state.calls;
    },
    get failPage() {
      return state.failPage;
    },
    set failPage(value: number | null) {
      state.failPage = value;
    },
    context: harness.context,
    close: harness.close,
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: PriceListBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader as Remix does. */
export function run<T>(fn: (args: never) => Promise<T>, backoffice: PriceListBackoffice, request: Request): Promise<T> {
  return (fn as unknown as (args: RouteArgs) => Promise<T>)({ request, context: backoffice.context(), params: {} });
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: { cookie } });
}
