import type { Migration, MigrationProvider } from "kysely";
import * as core from "./0001_core";

/**
 * Every migration, by name, in a static object so that it works unchanged in tests, under
 * tsx and in a bundled server (no directory scanning). Later issues add "0002_…" here.
 */
const migrations: Record<string, Migration> = {
  "0001_core": core,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
