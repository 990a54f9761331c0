import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { migrationProvider } from "./migrations/index";
import { PGliteDialect } from "./pglite-driver";
import { PGliteThread } from "./pglite-thread";
import type { Database } from "./schema";
import { textParsers } from "./text-parsers";

export interface OpenDatabaseOptions {
  /** A PostgreSQL server (DATABASE_URL). When absent, embedded PGlite. */
  url?: string;
  /** PGlite data directory (default data/pglite). */
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** PostgreSQL schema to work in (search_path); tests use a fresh one per run. */
  schema?: string;
  /** Pool size for a PostgreSQL server. */
  poolSize?: number;
  /** Embedded PGlite only: start from a copy written by `dump` (tests seed the demo data once). */
  pgliteDump?: string;
  /** Embedded PGlite only: told if its thread stops while the server runs (pglite-thread.ts). */
  onDatabaseLost?: (error: Error) => void;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
  /** Embedded PGlite only: writes the whole database to a tarball `pgliteDump` can start from. */
  dump?(file: string): Promise<void>;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const pglite = options.url ? null : await startPglite(options);
  const db = pglite ? new Kysely<Database>({ dialect: new PGliteDialect(pglite) }) : openPostgres(options.url ?? "", options);
  try {
    await migrate(db, options.schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, close: () => db.destroy(), dump: pglite ? (file) => pglite.dump(file) : undefined };
}

function openPostgres(url: string, options: OpenDatabaseOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        textParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that the server ends (a restart, a terminated backend, a database
  // dropped after close) is an 'error' on the pool: without a listener Node throws it and the
  // process stops. pg-pool has already dropped that client; the next query opens another.
  pool.on("error", () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function startPglite(options: OpenDatabaseOptions): Promise<PGliteThread> {
  const dataDir = options.memory ? undefined : (options.dataDir ?? "data/pglite");
  if (dataDir) await mkdir(dirname(dataDir), { recursive: true });
  const pglite = new PGliteThread(dataDir, options.onDatabaseLost, options.pgliteDump);
  try {
    await pglite.waitReady;
  } catch (error) {
    await pglite.close().catch(() => undefined);
    throw error;
  }
  return pglite;
}

async function migrate(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schema,
    // Migration numbers are reserved per feature (0004 checkout, 0005 performance): a database
    // that already ran a later one must still accept an earlier one added afterwards.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${reason}`, { cause: error });
  }
}
