import type { Kysely } from "kysely";
import * as connexion from "~/routes/_public.connexion";
import type { PortalLoadContext } from "~/services/context.server";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, DEMO_TODAY, startHarness } from "../../support/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";

/**
 * The one harness (tests/support/harness.ts) for /actualites and /telechargements: the real
 * back-office over a copy of the small demo set, on a clock stopped on DEMO_TODAY, counting the
 * content calls the portal makes and able to make them fail (a back-office that is down).
 */

export { DEMO_TODAY };

export const LOGINS = {
  /** Voilerie Atlantique's organization account: its restricted price list is for it. */
  organization: "client@voilerie-atlantique.fr",
  /** A people account of Voilerie Atlantique without `prices`. */
  storekeeper: "magasinier@voilerie-atlantique.fr",
  /** Another organization. */
  corsica: "contact@nautisme-ajaccio.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

export interface ContentBackoffice {
  db: Kysely<Database>;
  /** Calls under /api/content the back-office received. */
  readonly contentCalls: number;
  /** While true, every /api/content call answers 503 (a gateway that cannot reach the back-office). */
  down: boolean;
  context(): PortalLoadContext;
  close(): Promise<void>;
}

export async function startContentBackoffice(): Promise<ContentBackoffice> {
  const state = { calls: 0, down: false };
  const harness = await startHarness({
    seed: { size: "small", today: DEMO_TODAY },
    before: [
      (req, res, next) => {
        if (!req.path.startsWith("/api/content/")) return next();
        state.calls += 1;
        if (state.down) return void res.status(503).json({ code: "unavailable", message: "Service indisponible." });
        next();
      },
    ],
    name: "content-test",
  });
  return {
    db: harness.db,
    get contentCalls() {
      return state.calls;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    context: harness.context,
    close: harness.close,
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: ContentBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader as Remix does, with route params. */
export function run<T>(
  fn: (args: never) => Promise<T>,
  backoffice: ContentBackoffice,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  return (fn as unknown as (args: RouteArgs) => Promise<T>)({ request, context: backoffice.context(), params });
}

export function page(path: string, cookie = ""): Request {
  return new Request(`http://portail.test${path}`, { headers: cookie ? { cookie } : {} });
}
