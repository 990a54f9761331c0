import path from "node:path";
import { openDatabase, type OpenedDatabase } from "./open";

/**
 * The database a command line works on (`npm run admin`, `npm run service-token`, `npm run
 * warehouse -- token`): the one the portal uses. DATABASE_URL, else the embedded PGlite the
 * standalone back-office names with PGLITE_DIR, else the portal's, DATA_DIR/pglite (data/pglite
 * by default; server/database.ts). An embedded database has one user at a time: stop the
 * portal first.
 */
export function commandDatabaseOptions(env: NodeJS.ProcessEnv): { url?: string; dataDir?: string } {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return { dataDir: env.PGLITE_DIR || path.join(env.DATA_DIR || "data", "pglite") };
}

export function openCommandDatabase(env: NodeJS.ProcessEnv): Promise<OpenedDatabase> {
  return openDatabase(commandDatabaseOptions(env));
}
