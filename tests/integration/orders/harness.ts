import type express from "express";
import type { Kysely } from "kysely";
import type { RecordedCartUpdate, RecordingPublisher } from "@shared/realtime/publisher";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, DEMO_TODAY, startHarness } from "../../support/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";

/**
 * The one harness (tests/support/harness.ts) for the account pages: the real back-office over a
 * copy of the small demo set (its orders, back-orders and history), on a clock stopped on
 * DEMO_TODAY that both sides share.
 */

export { DEMO_TODAY };

export const LOGINS = {
  /** Voilerie Atlantique's organization account: every right. */
  organization: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  /** A people account with cart only: no orders, no prices. */
  storekeeper: "magasinier@voilerie-atlantique.fr",
  /** A people account without `cart`. */
  consultant: "consultant@voilerie-atlantique.fr",
  corsica: "contact@nautisme-ajaccio.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

export interface OrdersBackoffice {
  db: Kysely<Database>;
  /** While true, the account calls (/api/oms/orders, backorders, history) answer 503 as a down back-office. */
  failReads: boolean;
  /** How many GET /api/crm/contacts the back-office received (the account home's contacts). */
  readonly contactsCalls: number;
  context(): PortalLoadContext;
  /** What the portal published to the organizations' browsers (a recording publisher). */
  published(): readonly RecordedCartUpdate[];
  close(): Promise<void>;
}

const isAccountRead = (req: express.Request) => req.method === "GET" && /^\/api\/oms\/(orders|backorders|history)(\/|$)/.test(req.path);

export async function startOrdersBackoffice(): Promise<OrdersBackoffice> {
  const switches = { failReads: false, contactsCalls: 0 };
  const harness = await startHarness({
    seed: { size: "small", today: DEMO_TODAY },
    before: [
      (req, _res, next) => {
        if (req.method === "GET" && req.path === "/api/crm/contacts") switches.contactsCalls += 1;
        next();
      },
      (req, res, next) =>
        switches.failReads && isAccountRead(req) ? void res.status(503).json({ code: "down", message: "indisponible" }) : next(),
    ],
    name: "orders-test",
  });
  return {
    db: harness.db,
    get failReads() {
      return switches.failReads;
    },
    set failReads(value: boolean) {
      switches.failReads = value;
    },
    get contactsCalls() {
      return switches.contactsCalls;
    },
    context: harness.context,
    published: () => (harness.services.realtime as RecordingPublisher).published,
    close: harness.close,
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: OrdersBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type RouteArgs = { request: Request; context: PortalLoadContext; params: Record<string, string> };

/** Calls a loader or action as Remix does, with route params. */
export function run<T>(
  fn: (args: never) => Promise<T>,
  backoffice: OrdersBackoffice,
  request: Request,
  params: Record<string, string> = {},
): Promise<T> {
  return (fn as unknown as (args: RouteArgs) => Promise<T>)({ request, context: backoffice.context(), params });
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: { cookie } });
}
