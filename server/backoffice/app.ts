import express, { Router } from "express";
import type { Kysely } from "kysely";
import { authRouter } from "./auth/routes";
import { SessionCache, type SessionCacheOptions } from "./auth/session-cache";
import { TokenPurge } from "./auth/token-purge";
import { CatalogueCache, type CatalogueCacheOptions } from "./cache/catalogue";
import { certificatesRouter } from "./certificates/routes";
import { checkoutRouter } from "./checkout/routes";
import { DEFAULT_TOKEN_LIFETIME_MS } from "./auth/tokens";
import { crmRouter } from "./crm/routes";
import type { Database } from "./db/schema";
import { DEFAULT_CART_VACUUM_EVERY, TableVacuum } from "./db/vacuum";
import type { CatalogueServiceDeps } from "./http/deps";
import { errorHandler, unknownRoute, type ErrorLogger } from "./http/errors";
import { requireService } from "./http/service";
import { requireSession } from "./http/session";
import { customerInvoicesRouter } from "./invoices/customer-routes";
import { serviceInvoicesRouter } from "./invoices/service-routes";
import { omsRouter } from "./oms/routes";
import { customerOrdersRouter } from "./orders/customer-routes";
import { serviceOrdersRouter } from "./orders/service-routes";
import { pimRouter } from "./pim/routes";
import { CatalogueReadModel, type ReadModelOptions } from "./pim/read-model/read-model";
import { favoritesRouter } from "./favorites/routes";
import { wmsRouter } from "./wms/routes";

export interface BackofficeApiDeps {
  db: Kysely<Database>;
  /** The clock; tests move it to expire tokens or reach a Friday. */
  now?: () => Date;
  logger?: ErrorLogger;
  tokenLifetimeMs?: number;
  /** Lifetimes of the per-process catalogue caches (cache/catalogue.ts). */
  cache?: CatalogueCacheOptions;
  /** Freshness of the in-memory catalogue (pim/read-model/read-model.ts). */
  readModel?: ReadModelOptions;
  /**
   * Build the in-memory catalogue now rather than on the first catalogue request (servers;
   * tests leave it off). On 50,000 products this takes a few seconds.
   */
  warm?: boolean;
  /** Lifetime of resolved tokens in this process (auth/session-cache.ts). */
  sessionCache?: SessionCacheOptions;
  /** Where certificate files go (default: certificates/store.ts); tests use a temp dir. */
  certificatesDir?: string;
  /** Cart writes between two vacuums of the carts table (db/vacuum.ts); 0 never vacuums. */
  cartVacuumEvery?: number;
}

const consoleLogger: ErrorLogger = {
  error: (details, message) => console.error(message, details),
};

/**
 * The back-office contract (docs/backoffice-api.md) as an Express router, to be mounted at
 * /api by the project's server or by main.ts. Every route but login needs a bearer token: a
 * portal user's, or under /erp a service token of the distributor's systems.
 */
export function createBackofficeApi(deps: BackofficeApiDeps): Router {
  const logger = deps.logger ?? consoleLogger;
  const services: CatalogueServiceDeps = {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    tokenLifetimeMs: deps.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS,
    catalogue: new CatalogueCache(deps.db, deps.cache),
    sessions: new SessionCache(deps.sessionCache),
    tokenPurge: new TokenPurge(deps.db, logger),
    readModel: new CatalogueReadModel(deps.db, deps.readModel),
    cartVacuum: new TableVacuum(deps.db, "carts", deps.cartVacuumEvery ?? DEFAULT_CART_VACUUM_EVERY, logger),
  };
  if (deps.warm) {
    // A failure here is not fatal: the first catalogue request tries again and reports it.
    services.readModel.products().catch(() => undefined);
  }
  const api = Router();
  // Before the 1 MB JSON parser: a certificate travels base64-encoded, up to 5 MB of file.
  api.use("/oms/certificates", certificatesRouter(services, { dir: deps.certificatesDir }));
  api.use(express.json({ limit: "1mb" }));
  api.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  api.use("/auth", authRouter(services));
  const authenticated = requireSession(services);
  api.use("/oms", authenticated, omsRouter(services));
  api.use("/oms", authenticated, customerOrdersRouter(services));
  api.use("/oms", authenticated, customerInvoicesRouter(services));
  api.use("/pim", authenticated, pimRouter(services));
  api.use("/pim", authenticated, favoritesRouter(services));
  api.use("/wms", authenticated, wmsRouter(services));
  api.use("/crm", authenticated, crmRouter(services));
  api.use("/crm", authenticated, checkoutRouter(services));
  // The distributor's systems, with a service token: never a portal user's (decision 0102).
  api.use("/erp", requireService(deps.db), serviceOrdersRouter(services), serviceInvoicesRouter(services));
  api.use(unknownRoute);
  api.use(errorHandler(logger));
  return api;
}
