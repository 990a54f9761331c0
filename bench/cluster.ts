import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { seedPostgresIfEmpty } from "./bench-data";
import { cpuSnapshot, cpuUse, type CpuUse } from "./cpu-usage";
import { logIn, pageHtml, startPortal } from "./portal-process";

/**
 * Several portal processes (WEB_CONCURRENCY, node:cluster: decision 0153, docs/performance.md):
 * the built portal on PostgreSQL (BENCH_DATABASE_URL, default the local bench_cluster database,
 * created and seeded with the benchmark data when missing) and Redis, started with 1 then 2
 * processes; logged in as an organization with its own prices, autocannon with 10 connections
 * (shared out in turn between the processes) on a category page, a product page and the bare
 * Remix page. Prints req/s and p99 for each count and the ratio, with the cores the portal's
 * processes used and the cores busy on the whole machine meanwhile (Linux): the load generator
 * and PostgreSQL run on the same machine, often other work too, and a second process only
 * helps with a core to spare.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 4500);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_cluster";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const LOGIN = process.env.BENCH_LOGIN ?? "client@voilerie-atlantique.fr";
const CATEGORY_PATH = "/catalogue/electronique-de-bord/navigation/antennes";
const PROCESS_COUNTS = [1, 2] as const;

interface Measure {
  rps: number;
  p99: number;
  errors: number;
  /** What the portal's processes used, and the whole machine, during the measured run (Linux). */
  cpu: CpuUse | null;
}

async function load(pathname: string, cookie: string, portalPid: number): Promise<Measure> {
  const options = { url: `${BASE}${pathname}`, connections: CONNECTIONS, headers: { cookie } };
  await autocannon({ ...options, duration: 2 }); // warm-up: caches, JIT, in every process
  const before = cpuSnapshot();
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpu = cpuUse(before, cpuSnapshot(), portalPid);
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors, cpu };
}

/** The three pages' figures with `workers` processes. */
async function measure(workers: number, dataDir: string): Promise<Map<string, Measure>> {
  const portal = await startPortal({ port: PORT, dataDir, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, webConcurrency: workers });
  try {
    const cookie = await logIn(BASE, LOGIN);
    const categoryHtml = await pageHtml(BASE, CATEGORY_PATH, cookie);
    const productId = /\/catalogue\/produit\/(\d+)/.exec(categoryHtml)?.[1];
    if (!productId) throw new Error("no product on the category page");
    const measures = new Map<string, Measure>();
    for (const [name, pathname] of pages(productId)) measures.set(name, await load(pathname, cookie, portal.child.pid ?? 0));
    return measures;
  } finally {
    await portal.stop();
  }
}

function pages(productId: string): [string, string][] {
  return [
    ["bare Remix page", "/sante/rendu"],
    ["category page", CATEGORY_PATH],
    ["product page", `/catalogue/produit/${productId}`],
  ];
}

export async function runClusterBench(): Promise<void> {
  await seedPostgresIfEmpty(ROOT, DATABASE_URL);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-cluster-"));
  try {
    const results = new Map<number, Map<string, Measure>>();
    for (const workers of PROCESS_COUNTS) results.set(workers, await measure(workers, dataDir));
    const one = results.get(1);
    const two = results.get(2);
    if (!one || !two) throw new Error("a run is missing");
    console.log(
      `Cluster benchmark on PostgreSQL: ${LOGIN}, autocannon ${CONNECTIONS} connections, ${DURATION_S} s per case (load generator and PostgreSQL on the same machine)`,
    );
    console.log(
      `portal cores: used by the portal's processes; busy cores: on the whole machine (${availableParallelism()} in all); CPU/req: the portal's CPU time per request`,
    );
    console.log(`${"page".padEnd(16)} processes  ${"req/s".padStart(6)}  p99 (ms)  portal cores  busy cores  CPU/req (ms)  ratio`);
    const row = (name: string, processes: number, measure: Measure, ratio: string) => {
      const cpu = measure.cpu;
      const cpuPerRequest = cpu && measure.rps > 0 ? ((cpu.treeCores / measure.rps) * 1000).toFixed(1) : "-";
      const cells = [
        name.padEnd(16),
        String(processes).padStart(9),
        measure.rps.toFixed(0).padStart(6),
        String(measure.p99).padStart(8),
        (cpu?.treeCores.toFixed(2) ?? "-").padStart(12),
        (cpu?.machineCores.toFixed(2) ?? "-").padStart(10),
        cpuPerRequest.padStart(12),
        ratio,
      ];
      console.log(`${cells.join("  ")}${measure.errors ? `  ERRORS ${measure.errors}` : ""}`);
    };
    for (const [name, single] of one) {
      const double = two.get(name);
      if (!double) continue;
      row(name, 1, single, "");
      row(name, 2, double, `×${(double.rps / single.rps).toFixed(2)}`);
    }
    if ([...one.values(), ...two.values()].some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runClusterBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
