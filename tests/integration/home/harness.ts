import type express from "express";
import type { Kysely } from "kysely";
import type { PortalLoadContext } from "~/services/context.server";
import * as connexion from "~/routes/_public.connexion";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_PASSWORD, DEMO_TODAY, startHarness } from "../../support/harness";
import { callRoute, cookieJar, formRequest, responseOf } from "../portal/harness";

/**
 * The home page's loader over the real back-office (small demo set on DEMO_TODAY), with one
 * switch per block's back-office call, so a test can make a block fail alone.
 */

export const LOGINS = {
  /** Voilerie Atlantique's organization account: every right; quotes in every state. */
  organization: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  /** cart yes; orders and prices no. */
  storekeeper: "magasinier@voilerie-atlantique.fr",
  /** no cart, orders, quotes nor invoices; prices yes. */
  consultant: "consultant@voilerie-atlantique.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

/** The calls behind each block (GET only). */
export const BLOCK_CALLS = {
  news: /^\/api\/content\/news$/,
  promotions: /^\/api\/pim\/products$/,
  orders: /^\/api\/oms\/orders$/,
  backorders: /^\/api\/oms\/backorders$/,
  quotes: /^\/api\/oms\/quotes$/,
} as const;
export type BlockName = keyof typeof BLOCK_CALLS;

export interface HomeBackoffice {
  db: Kysely<Database>;
  /** The blocks whose calls answer 503, as a back-office partly down. */
  failing: Set<BlockName>;
  /** Paths of the GET calls received since the last reset. */
  calls: string[];
  context(): PortalLoadContext;
  close(): Promise<void>;
}

export async function startHomeBackoffice(): Promise<HomeBackoffice> {
  const failing = new Set<BlockName>();
  const calls: string[] = [];
  const switches: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET") return next();
    calls.push(req.path);
    const failed = [...failing].some((block) => BLOCK_CALLS[block].test(req.path));
    return failed ? void res.status(503).json({ code: "down", message: "indisponible" }) : next();
  };
  const harness = await startHarness({ seed: { size: "small", today: DEMO_TODAY }, before: [switches], name: "home-test" });
  return { db: harness.db, failing, calls, context: harness.context, close: harness.close };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: HomeBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: cookie ? { cookie } : {} });
}
