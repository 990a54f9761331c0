import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { parisDate } from "@shared/domain/index";
import { ROOT_DIR } from "../../config/project-root";
import { openDatabase, type OpenedDatabase } from "../db/open";
import { seedDemo } from "./demo";

/**
 * The seeded demo database, copied on a first start instead of seeded (decision 0210): seeding
 * takes 8 to 11 s, starting PGlite from a dump of the same rows about one. The copy is a PGlite
 * dump (db/open.ts `pgliteDump`) in .cache/demo-database/, named after what it is made of:
 * the day in France (the demo is dated from it: promotions, refill dates, past orders) and a hash
 * of the code that writes it (the back-office's migrations and seed, shared/, the locked
 * packages, PGlite's version among them). `npm run build` makes today's; a start that finds
 * none (another day, changed code) seeds as before, then leaves its dump for the next.
 */

export const DEMO_DATABASE_DIR = path.join(ROOT_DIR, ".cache", "demo-database");

/** What the demo's rows are made by, relative to the project's folder. */
const SOURCES = ["server/backoffice", "shared", "package-lock.json"];

async function sourceFiles(entry: string): Promise<string[]> {
  const full = path.join(ROOT_DIR, entry);
  if (path.extname(entry) !== "") return [full];
  const names = await readdir(full, { recursive: true });
  return names
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .sort()
    .map((name) => path.join(full, name));
}

/** Hash of the sources the demo database is made from; another hash is another copy. */
export async function demoSourcesHash(): Promise<string> {
  const hash = createHash("sha256");
  for (const source of SOURCES) {
    for (const file of await sourceFiles(source)) {
      hash
        .update(path.relative(ROOT_DIR, file))
        .update("\0")
        .update(await readFile(file))
        .update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** The copy's file for `now`'s day in France and the current sources (it may not exist yet). */
export async function demoDumpFile(dir = DEMO_DATABASE_DIR, now = new Date()): Promise<string> {
  return path.join(dir, `demo-${parisDate(now)}-${await demoSourcesHash()}.tar`);
}

/** The copy named `file`, if it is there. */
export function existingDemoDump(file: string): string | undefined {
  return existsSync(file) ? file : undefined;
}

/**
 * Writes `database` (just seeded, nothing else written yet) as the copy `file`, through a
 * temporary name: a start that reads the folder meanwhile sees the whole file or none. The
 * other days' and sources' copies are removed (about 75 MB each).
 */
export async function saveDemoDump(database: OpenedDatabase, file: string): Promise<void> {
  if (!database.dump) throw new Error("only embedded PGlite can be dumped");
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  try {
    await database.dump(partial);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  for (const name of await readdir(dir)) {
    if (name.startsWith("demo-") && name.endsWith(".tar") && name !== path.basename(file)) await rm(path.join(dir, name), { force: true });
  }
}

/** Makes today's copy unless it is there (`npm run build`); its file. */
export async function buildDemoDump(dir = DEMO_DATABASE_DIR): Promise<{ file: string; made: boolean }> {
  const file = await demoDumpFile(dir);
  if (existingDemoDump(file)) return { file, made: false };
  const database = await openDatabase({ memory: true });
  try {
    await seedDemo(database.db);
    await saveDemoDump(database, file);
  } finally {
    await database.close();
  }
  return { file, made: true };
}
