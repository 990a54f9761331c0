import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, rename, rm, writeFile, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../server/backoffice/db/open";
import { seedDemo, type DemoOptions } from "../../server/backoffice/seed/demo";

/**
 * The demo data, seeded once per test run and copied for each test file
 * (docs/testing.md): the first file that needs a data set seeds it and leaves a copy (a PGlite
 * dump, or a PostgreSQL template database); the others start from that copy in about half
 * the time. The run's folder comes from tests/setup/seed-once.ts, which removes the copies at
 * the end. Without it (a tool calling a harness outside vitest's run), every file seeds.
 */

export type Engine = "pglite" | "postgres";

export interface DemoSeed {
  size: NonNullable<DemoOptions["size"]>;
  /** The demo data's date (promotions, refill dates); absent: today in France, as `npm start`. */
  today?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder of this run's seeded copies (tests/setup/seed-once.ts). */
    seedDir: string;
  }
}

function seedDir(): string | null {
  try {
    return inject("seedDir") || null;
  } catch {
    return null; // not inside a vitest worker
  }
}

function seedKey(seed: DemoSeed): string {
  return `${seed.size}-${seed.today ?? "today"}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `make` once per run for `key`, whichever worker gets there first; the others wait for
 * its result file. A failed `make` removes its lock so the failure shows in every file.
 */
async function once(dir: string, key: string, make: (resultFile: string) => Promise<void>): Promise<string> {
  const result = path.join(dir, key);
  const lock = `${result}.lock`;
  for (;;) {
    if (existsSync(result)) return result;
    const handle = await open(lock, "wx").catch(() => null);
    if (handle) {
      await handle.close();
      try {
        const partial = `${result}.${randomBytes(4).toString("hex")}`;
        await make(partial);
        await rename(partial, result);
        return result;
      } finally {
        await rm(lock, { force: true });
      }
    }
    await sleep(100);
  }
}

/** A fresh in-memory PGlite holding the demo data. */
export async function seededPglite(seed: DemoSeed): Promise<OpenedDatabase> {
  const dir = seedDir();
  if (!dir) {
    const opened = await openDatabase({ memory: true });
    await seedDemo(opened.db, seed);
    return opened;
  }
  await mkdir(dir, { recursive: true });
  const dump = await once(dir, `pglite-${seedKey(seed)}.tar`, async (file) => {
    const opened = await openDatabase({ memory: true });
    try {
      await seedDemo(opened.db, seed);
      if (!opened.dump) throw new Error("PGlite cannot dump");
      await opened.dump(file);
    } finally {
      await opened.close();
    }
  });
  return openDatabase({ memory: true, pgliteDump: dump });
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL unreachable at ${serverUrl} (REQUIRE_SERVICES=${process.env.REQUIRE_SERVICES ?? ""})`, { cause: error });
  }
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A throw-away database on TEST_DATABASE_URL's server, holding the demo data; dropped on close. */
export async function seededPostgres(serverUrl: string, seed: DemoSeed, poolSize = 12): Promise<OpenedDatabase> {
  const database = await seededPostgresDatabase(serverUrl, seed);
  const opened = await openDatabase({ url: database.url, poolSize });
  return {
    ...opened,
    async close() {
      await opened.close();
      await database.drop();
    },
  };
}

/**
 * The same throw-away database, for another process to open (its URL): the portal started in a
 * child process of its own (tests/integration/cluster/).
 */
export async function seededPostgresDatabase(serverUrl: string, seed: DemoSeed): Promise<{ url: string; drop(): Promise<void> }> {
  const dir = seedDir();
  const name = `t_${randomBytes(6).toString("hex")}`;
  if (dir) {
    await mkdir(dir, { recursive: true });
    const marker = await once(dir, `postgres-${seedKey(seed)}.template`, async (file) => {
      const template = `seed_${process.pid}_${randomBytes(4).toString("hex")}`;
      await admin(serverUrl, (client) => client.query(`create database ${template}`));
      const opened = await openDatabase({ url: databaseUrl(serverUrl, template), poolSize: 4 });
      try {
        await seedDemo(opened.db, seed);
      } finally {
        await opened.close();
      }
      await writeFile(file, template);
    });
    const template = (await readFile(marker, "utf8")).trim();
    await admin(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  } else {
    await admin(serverUrl, (client) => client.query(`create database ${name}`));
    const opened = await openDatabase({ url: databaseUrl(serverUrl, name), poolSize: 4 });
    try {
      await seedDemo(opened.db, seed);
    } finally {
      await opened.close();
    }
  }
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** The templates this run made (tests/setup/seed-once.ts drops them at the end). */
export async function dropTemplates(dir: string, serverUrl: string, markers: string[]): Promise<void> {
  for (const marker of markers) {
    const template = (await readFile(path.join(dir, marker), "utf8")).trim();
    await admin(serverUrl, (client) => client.query(`drop database if exists ${template} with (force)`));
  }
}
