import type { Kysely } from "kysely";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";

/** What every service router needs: the database and the clock (tests move it). */
export interface ServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  tokenLifetimeMs: number;
}

/** The routers that read the catalogue also get what is cached per process for everyone. */
export interface CatalogueServiceDeps extends ServiceDeps {
  catalogue: CatalogueCache;
}
