import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** What every service router needs: the database and the clock (tests move it). */
export interface ServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  tokenLifetimeMs: number;
}
