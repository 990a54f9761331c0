import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/**
 * The benchmark database (`npm run seed:bench`, server/backoffice/seed/bench-cli.ts: 50,000
 * products, 500 organizations): seeded when missing, and copied for a run that writes, so
 * that every run starts from the same data and the seeded database is never changed.
 */

export const BENCH_PGLITE_DIR = "data/pglite-bench";

function runSeed(root: string, databaseUrl?: string): void {
  const { BENCH_DATABASE_URL: _ignored, DATABASE_URL: _ignoredToo, ...environment } = process.env;
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "server/backoffice/seed/bench-cli.ts"], {
    cwd: root,
    stdio: "inherit",
    env: databaseUrl ? { ...environment, BENCH_DATABASE_URL: databaseUrl } : environment,
  });
  if (seeded.status !== 0) throw new Error("npm run seed:bench a échoué.");
}

/** PGlite in data/pglite-bench, seeded when it is not there (about 35 s). */
export function seedPgliteIfMissing(root: string): void {
  if (existsSync(path.join(root, BENCH_PGLITE_DIR, "PG_VERSION"))) return;
  console.log("Base de benchmark absente : npm run seed:bench…");
  runSeed(root);
}

/** The same server's maintenance database, to create and drop others. */
function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

const databaseName = (databaseUrl: string): string => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at this URL's host (its database may not exist yet). */
export async function postgresAnswers(databaseUrl: string): Promise<boolean> {
  return withClient(maintenanceUrl(databaseUrl), async (client) => (await client.query("select 1")).rowCount === 1).catch(() => false);
}

/** Creates the database when the server has none of that name, and seeds it when it holds no organization. */
export async function seedPostgresIfEmpty(root: string, databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  await withClient(maintenanceUrl(databaseUrl), async (client) => {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${quoted(name)}`);
  });
  const seeded = await withClient(databaseUrl, async (client) => {
    const table = await client.query<{ present: boolean }>("select to_regclass('organizations') is not null as present");
    if (!table.rows[0]?.present) return false;
    return ((await client.query("select 1 from organizations limit 1")).rowCount ?? 0) > 0;
  });
  if (seeded) return;
  console.log(`Base de benchmark PostgreSQL ${name} vide : npm run seed:bench…`);
  runSeed(root, databaseUrl);
}

/**
 * A throw-away copy of a seeded database on the same server (CREATE DATABASE … TEMPLATE, file
 * copy: a few seconds for the benchmark set); returns its URL. The source must have no session open.
 */
export async function copyPostgresDatabase(databaseUrl: string, copyName: string): Promise<string> {
  await withClient(maintenanceUrl(databaseUrl), async (client) => {
    await client.query(`drop database if exists ${quoted(copyName)}`);
    await client.query(`create database ${quoted(copyName)} template ${quoted(databaseName(databaseUrl))} strategy file_copy`);
  });
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(copyName)}`;
  return url.toString();
}

export async function dropPostgresDatabase(databaseUrl: string): Promise<void> {
  await withClient(maintenanceUrl(databaseUrl), async (client) => {
    await client.query(`drop database if exists ${quoted(databaseName(databaseUrl))} with (force)`);
  });
}
