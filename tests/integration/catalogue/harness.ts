import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createPortalLoadContext, createPortalServices, type PortalLoadContext } from "../../../app/services/context.server";
import { createBackofficeApi } from "../../../server/backoffice/app";
import { openDatabase } from "../../../server/backoffice/db/open";
import { seedDemoIfEmpty } from "../../../server/backoffice/seed/demo";
import { DEMO_PASSWORD, SECRET, callRoute, cookieJar, createClock, formRequest, responseOf, type Clock } from "../portal/harness";
import * as connexion from "../../../app/routes/_public.connexion";

/**
 * Like the portal harness (tests/integration/portal/harness.ts), with the database at hand so
 * tests can pick products: the real back-office (favourites included) on 127.0.0.1:<random>
 * over in-memory PGlite with the small demo data set.
 */
export interface CatalogueBackoffice {
  url: string;
  clock: Clock;
  db: Awaited<ReturnType<typeof openDatabase>>["db"];
  context(): PortalLoadContext;
  close(): Promise<void>;
}

export async function startCatalogueBackoffice(): Promise<CatalogueBackoffice> {
  const clock = createClock();
  const { db, close } = await openDatabase({ memory: true });
  await seedDemoIfEmpty(db, { size: "small" });
  const app = express();
  app.use("/api", createBackofficeApi({ db, now: clock.now, logger: { error: () => undefined } }));
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const services = createPortalServices({ upstreamUrl: url, sessionSecret: SECRET, secureCookies: false, now: clock.now });
  let requestCount = 0;
  return {
    url,
    clock,
    db,
    context: () => createPortalLoadContext(services, { requestId: `test-${++requestCount}`, cspNonce: "nonce" }),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    },
  };
}

/** Logs in through the real /connexion action; returns the browser's cookies. */
export async function cookieFor(backoffice: CatalogueBackoffice, login: string): Promise<string> {
  const response = await responseOf(() =>
    callRoute(connexion.action, formRequest("/connexion", { login, password: DEMO_PASSWORD }), backoffice.context()),
  );
  return cookieJar("", response);
}

type Loader = (args: { request: Request; context: PortalLoadContext; params: Record<string, string> }) => unknown;

/** Calls a loader or action as Remix does, with route params. */
export async function run<T>(fn: (args: never) => Promise<T>, backoffice: CatalogueBackoffice, request: Request, params: Record<string, string> = {}): Promise<T> {
  return (fn as unknown as Loader)({ request, context: backoffice.context(), params }) as Promise<T>;
}

export function page(path: string, cookie: string): Request {
  return new Request(`http://portail.test${path}`, { headers: { cookie } });
}

export const LOGINS = {
  organization: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  storekeeper: "magasinier@voilerie-atlantique.fr",
  consultant: "consultant@voilerie-atlantique.fr",
  suspension: "achats@chantier-naval-suspension.fr",
  corsica: "contact@nautisme-ajaccio.fr",
  sales: "commercial@nautidistrib.fr",
} as const;
