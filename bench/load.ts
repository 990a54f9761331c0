import { cp, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  BENCH_PGLITE_DIR,
  copyPostgresDatabase,
  dropPostgresDatabase,
  postgresAnswers,
  seedPgliteIfMissing,
  seedPostgresIfEmpty,
} from "./bench-data";
import { measureColdStart, printColdStart } from "./load-cold-start";
import { runRound, type LoadSettings, type RoundResult } from "./load-round";

/**
 * `npm run bench:load` (docs/performance.md, « Mixed load »): cold starts of the built portal
 * with the demo data; then, on a throw-away copy of the benchmark data, the portal in
 * production, warmed up, its memory read at rest; BENCH_LOAD_USERS (200) virtual users, each
 * of its own organization, log in through the real form, start over 10 s and loop a buyer's
 * journey with think times (bench/load-user.ts) for BENCH_LOAD_DURATION seconds (60), the
 * portal's memory read every 10 s. Prints per action count, rate, p50/p95/p99 and errors, the
 * memory at rest, at its highest and at the end. On PGlite, then on PostgreSQL (a copy of
 * BENCH_DATABASE_URL or bench_load, created and seeded when empty). Any error: exit code 1.
 *
 * Flags: --pglite (PGlite only), --postgres (PostgreSQL required), --postgres-only,
 * --no-demo-start (without the demo data's cold starts).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Ports from here: PGlite round +0/+1, PostgreSQL round +2/+3, demo cold starts +10/+11. */
const BASE_PORT = Number(process.env.BENCH_LOAD_PORT ?? 4400);
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/bench_load";

/** « 3000-12000 »: a think time drawn between these bounds (ms). */
function thinkTime(range: string): readonly [number, number] {
  const [min, max] = range.split("-").map(Number);
  if (min === undefined || max === undefined || !(min >= 0 && max >= min))
    throw new Error(`BENCH_LOAD_THINK_MS: « min-max » in ms, not « ${range} »`);
  return [min, max];
}

function settingsFromEnv(): LoadSettings {
  return {
    users: Number(process.env.BENCH_LOAD_USERS ?? 200),
    durationS: Number(process.env.BENCH_LOAD_DURATION ?? 60),
    rampUpS: 10,
    plan: {
      searches: [
        "antenne",
        "antenne inox",
        "AVI001",
        "gilet",
        "winch",
        "poulie",
        "manille",
        "extincteur",
        "hélice",
        "pompe",
        "cordage",
        "taquet",
        "peinture",
        "led",
      ],
      orderEvery: Number(process.env.BENCH_LOAD_ORDER_EVERY ?? 4),
      // Decision 0152: 0.5–2 s made 200 users a flood two cores cannot serve.
      thinkMs: thinkTime(process.env.BENCH_LOAD_THINK_MS ?? "3000-12000"),
    },
  };
}

async function pgliteRound(settings: LoadSettings): Promise<RoundResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-load-"));
  try {
    // Resolved first: a symlinked data/pglite-bench must be copied, not linked to.
    await cp(await realpath(path.join(ROOT, BENCH_PGLITE_DIR)), path.join(dataDir, "pglite"), { recursive: true });
    return await runRound("PGlite", settings, { port: BASE_PORT, dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** On a copy of the seeded database (decision 0152): the orders of one run are not the next run's data. */
async function postgresRound(settings: LoadSettings, databaseUrl: string): Promise<RoundResult> {
  await seedPostgresIfEmpty(ROOT, databaseUrl);
  const copyUrl = await copyPostgresDatabase(databaseUrl, `${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}_run`);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-load-"));
  try {
    return await runRound("PostgreSQL", settings, { port: BASE_PORT + 2, dataDir, databaseUrl: copyUrl });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await dropPostgresDatabase(copyUrl);
  }
}

/**
 * Cold starts with the demo data: in memory (DATABASE_MEMORY=1, seeded at every start), and in
 * a PGlite folder as `npm start` opens it, the first time (seeded) and the next.
 */
async function demoColdStarts(): Promise<void> {
  console.log("\n== Cold start with the demo data (target < 5 s to /sante and /connexion)");
  const ports = { port: BASE_PORT + 10, backofficePort: BASE_PORT + 11 };
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-load-demo-"));
  try {
    const memory = await measureColdStart({ ...ports, dataDir, memoryDb: true });
    await memory.portal.stop();
    printColdStart("in memory (DATABASE_MEMORY=1)", memory.start);
    for (const label of ["PGlite on disk, first start (seeds)", "PGlite on disk, next start"]) {
      const { portal, start } = await measureColdStart({ ...ports, dataDir });
      await portal.stop();
      printColdStart(label, start);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runLoadBench(flags: readonly string[] = []): Promise<void> {
  const settings = settingsFromEnv();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const postgresRequired = flags.includes("--postgres") || flags.includes("--postgres-only") || Boolean(process.env.BENCH_DATABASE_URL);
  const results: RoundResult[] = [];
  if (!flags.includes("--no-demo-start")) await demoColdStarts();
  if (!flags.includes("--postgres-only")) {
    seedPgliteIfMissing(ROOT);
    results.push(await pgliteRound(settings));
  }
  if (!flags.includes("--pglite")) {
    if (postgresRequired || (await postgresAnswers(postgresUrl))) results.push(await postgresRound(settings, postgresUrl));
    else
      console.log(
        `\nPostgreSQL: nothing answers at ${new URL(postgresUrl).host}, round skipped (--postgres or BENCH_DATABASE_URL to require it).`,
      );
  }
  console.log(
    `\n${results.map((result) => `${result.label}: ${result.failures.length} errors, memory end/rest ${result.rssRatio.toFixed(2)}`).join("; ")}`,
  );
  if (results.some((result) => result.failures.length > 0)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runLoadBench(process.argv.slice(2)).then(
    // A stray keep-alive socket must not hold the run.
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
