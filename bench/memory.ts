import { cp, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BENCH_PGLITE_DIR, seedPgliteIfMissing } from "./bench-data";
import { mainThreadMemory, wasmResidentMb, type MemoryBreakdown } from "./memory-probe";
import { logIn, pageHtml, startPortal } from "./portal-process";
import { residentMb } from "./process-metrics";
import { startStockApp } from "./stock";
import { recordSummary } from "./summary";

/**
 * « Mémoire » (issue 40): the built portal's resident memory at rest, on the demo data (a fresh
 * PGlite folder: its first start, which copies today's seeded database, and the next one) and on the benchmark data (a copy of data/pglite-bench), each
 * after a warm-up of a few page loads and a pause; with the WebAssembly memory's share (PGlite's
 * Postgres, on its thread) and the main thread's process.memoryUsage(), read through the
 * inspector after the RSS; beside them the stock Remix app's. Targets: 250 MB and 450 MB. `npm run bench memory`, or this file alone.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 4700);
const STOCK_PORT = Number(process.env.BENCH_MEMORY_STOCK_PORT ?? 3920);
const INSPECT_PORT = PORT + 1;
const LOGIN = process.env.BENCH_LOGIN ?? "client@voilerie-atlantique.fr";
/** Warm-up rounds over the pages below, then this long at rest before reading. */
const WARMUP_ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 3);
const REST_MS = Number(process.env.BENCH_MEMORY_REST_MS ?? 5000);
const PAGES = [
  "/catalogue",
  "/catalogue/electronique-de-bord/navigation/antennes",
  "/catalogue?q=antenne",
  "/catalogue?q=gilet",
  "/mon-panier",
  "/",
  "/mon-compte/commandes",
  "/mon-compte/factures",
];

interface MemoryCase {
  label: string;
  targetMb: number;
  /** Fills the portal's DATA_DIR before it starts. */
  prepare(dataDir: string): Promise<void>;
}

const CASES: MemoryCase[] = [
  // The first start loads today's seeded copy (decision 0210): what it leaves behind is measured apart.
  { label: "demo data, first start", targetMb: 250, prepare: async () => undefined },
  {
    label: "demo data, next start",
    targetMb: 250,
    prepare: async (dataDir) => {
      const seeding = await startPortal({ port: PORT, dataDir });
      await seeding.stop();
    },
  },
  {
    label: "benchmark data (50,000 products)",
    targetMb: 450,
    prepare: async (dataDir) => {
      seedPgliteIfMissing(ROOT);
      await cp(await realpath(path.join(ROOT, BENCH_PGLITE_DIR)), path.join(dataDir, "pglite"), { recursive: true });
    },
  },
];

/** On the benchmark data the login may answer 503 while the back-office still loads: asked again. */
async function logInWhenReady(base: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await logIn(base, LOGIN);
    } catch (error) {
      if (attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function warmUp(base: string): Promise<void> {
  const cookie = await logInWhenReady(base);
  const category = await pageHtml(base, PAGES[1] ?? "/catalogue", cookie);
  const productId = /\/catalogue\/produit\/(\d+)/.exec(category)?.[1];
  const pages = productId ? [...PAGES, `/catalogue/produit/${productId}`] : PAGES;
  for (let round = 0; round < WARMUP_ROUNDS; round += 1) {
    for (const page of pages) await pageHtml(base, page, cookie);
  }
}

export async function measureMemory(memoryCase: MemoryCase): Promise<MemoryBreakdown> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-memory-"));
  try {
    await memoryCase.prepare(dataDir);
    const portal = await startPortal({ port: PORT, dataDir, env: { NODE_OPTIONS: `--inspect-port=127.0.0.1:${INSPECT_PORT}` } });
    try {
      const pid = portal.child.pid;
      if (pid === undefined) throw new Error("the portal has no pid");
      await warmUp(portal.base);
      await new Promise((resolve) => setTimeout(resolve, REST_MS));
      const rssMb = residentMb(pid);
      const wasmMb = wasmResidentMb(pid);
      return { rssMb, wasmMb, mainThread: await mainThreadMemory(pid, INSPECT_PORT) };
    } finally {
      await portal.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const mb = (value: number | null | undefined) => (value === null || value === undefined ? "?" : value.toFixed(0));

/** The stock Remix app's resident memory once it has served its list page a few times and rested. */
async function stockResidentMb(): Promise<number | null> {
  const stock = await startStockApp(STOCK_PORT);
  try {
    for (let round = 0; round < WARMUP_ROUNDS * PAGES.length; round += 1)
      await (await fetch(`${stock.base}/list?category=informatique`)).text();
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    return stock.child.pid === undefined ? null : residentMb(stock.child.pid);
  } finally {
    await stock.stop();
  }
}

export async function runMemoryBench(): Promise<void> {
  const stockMb = await stockResidentMb();
  console.log(`stock Remix app at rest after ${WARMUP_ROUNDS * PAGES.length} list pages: ${mb(stockMb)} MB`);
  console.log(`| data | RSS at rest (MB) | target | WebAssembly (PGlite) | main heap used / total | external (arrayBuffers) |`);
  console.log(`|---|---|---|---|---|---|`);
  // BENCH_MEMORY_ONLY=demo or =benchmark: those cases only.
  const only = process.env.BENCH_MEMORY_ONLY;
  const demo: string[] = [];
  let demoMet = true;
  for (const memoryCase of CASES.filter((candidate) => !only || candidate.label.startsWith(only))) {
    const { rssMb, wasmMb, mainThread } = await measureMemory(memoryCase);
    const met = rssMb !== null && rssMb <= memoryCase.targetMb;
    console.log(
      `| ${memoryCase.label} | ${mb(rssMb)} | ≤ ${memoryCase.targetMb} (${met ? "met" : "missed"}) | ${mb(wasmMb)} | ${mb(mainThread?.heapUsed)} / ${mb(mainThread?.heapTotal)} | ${mb(mainThread?.external)} (${mb(mainThread?.arrayBuffers)}) |`,
    );
    const stock = `${mb(stockMb)} MB`;
    if (memoryCase.label.startsWith("demo")) {
      demo.push(`${mb(rssMb)} MB (${memoryCase.label.replace("demo data, ", "")})`);
      demoMet &&= met;
      recordSummary("rssDemo", { now: demo.join(", "), stock, met: demoMet });
    } else recordSummary("rssBench", { now: `${mb(rssMb)} MB`, stock, met });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runMemoryBench().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
