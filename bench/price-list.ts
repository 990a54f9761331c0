import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { logIn, startPortal } from "./portal-process";

/**
 * Price list benchmark (docs/price-list.md): the built portal in its own process on a copy of
 * the benchmark database (`npm run seed:bench`, 50,000 products), logged in as Voilerie
 * Atlantique (its own prices). Measures the back-office's page of 1,000 rows (GET
 * /api/pim/price-list, p50/p95), then the export of the whole catalogue as XLSX and as CSV:
 * seconds, size, and the portal process's resident memory (RSS) before, at its peak (sampled
 * every 20 ms during the download) and after: the exports stream, so the peak must stay
 * near the start whatever the number of rows, and a second XLSX run ends where the first did.
 */

const PORT = Number(process.env.BENCH_PRICE_LIST_PORT ?? 4260);
const BASE = `http://127.0.0.1:${PORT}`;
/** The back-office's private listener: a production portal serves /api there only (decision 0141). */
const BACKOFFICE_PORT = PORT + 1;
const API_BASE = `http://127.0.0.1:${BACKOFFICE_PORT}`;
const LOGIN = process.env.BENCH_LOGIN ?? "client@voilerie-atlantique.fr";
/** Where the seeded benchmark database is (`npm run seed:bench`). */
const BENCH_PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? "data/pglite-bench";
const SAMPLE_MS = 20;
const PAGE_CALLS = 30;
/** How many times the XLSX export runs (BENCH_PRICE_LIST_XLSX_RUNS, default 2). */
const XLSX_REPEATS = Math.max(1, Number(process.env.BENCH_PRICE_LIST_XLSX_RUNS ?? 2));

/** The process's resident memory in bytes (Linux /proc). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface ExportResult {
  seconds: number;
  bytes: number;
  lineBreaks: number;
  before: number;
  peak: number;
  after: number;
}

/** Downloads one export, reading it as a client does, while sampling the portal's RSS. */
async function measureExport(pid: number, pathname: string, cookie: string): Promise<ExportResult> {
  const before = await rssOf(pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${BASE}${pathname}`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`${pathname} answered ${response.status}`);
  let bytes = 0;
  let lineBreaks = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
    for (const byte of read.value) if (byte === 10) lineBreaks += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { seconds, bytes, lineBreaks, before, peak, after: await rssOf(pid) };
}

/** The back-office's price list page of 1,000 rows, with a user's token, as the exports read it. */
async function measurePages(): Promise<{ p50: number; p95: number; total: number; category: { id: number; total: number } | null }> {
  const login = await fetch(`${API_BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: LOGIN, password: "demo1234" }),
  });
  const session = (await login.json()) as { token: string; user: { auth_org_id: number } };
  const headers = { authorization: `Bearer ${session.token}` };
  const path = (page: number) => `${API_BASE}/api/pim/price-list?org_id=${session.user.auth_org_id}&size=1000&page=${page}`;
  const first = (await (await fetch(path(1), { headers })).json()) as { total: number };
  const pages = Math.max(1, Math.ceil(first.total / 1000));
  const timings: number[] = [];
  for (let call = 0; call < PAGE_CALLS; call += 1) {
    const started = performance.now();
    const response = await fetch(path(1 + ((call * 7) % pages)), { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`price list page answered ${response.status}`);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  // The top-level category closest to 5,000 products: the same export ten times smaller.
  const tree = (await (await fetch(`${API_BASE}/api/pim/categories?usr_id=${session.user.auth_org_id}`, { headers })).json()) as {
    obj_id: number;
  }[];
  let category: { id: number; total: number } | null = null;
  for (const node of tree) {
    const answer = await fetch(`${API_BASE}/api/pim/price-list?org_id=${session.user.auth_org_id}&size=1&category=${node.obj_id}`, {
      headers,
    });
    const { total } = (await answer.json()) as { total: number };
    if (total > 0 && (!category || Math.abs(total - 5000) < Math.abs(category.total - 5000))) category = { id: node.obj_id, total };
  }
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), total: first.total, category };
}

export async function runPriceListBench(): Promise<void> {
  const usesServer = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-price-list-"));
  if (!usesServer) await cp(BENCH_PGLITE_DIR, path.join(dataDir, "pglite"), { recursive: true });
  // The portal runs on a throw-away copy: the benchmark never changes the seeded database.
  const portal = await startPortal({
    port: PORT,
    backofficePort: BACKOFFICE_PORT,
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL,
  });
  try {
    const pid = portal.child.pid;
    if (pid === undefined) throw new Error("the portal has no process id");
    const cookie = await logIn(BASE, LOGIN);
    // Warm-up: the catalogue read model and the organization's prices, as after any first visit.
    const warm = await fetch(`${BASE}/mon-compte/tarifs`, { headers: { cookie } });
    await warm.arrayBuffer();
    if (warm.status !== 200) throw new Error(`/mon-compte/tarifs answered ${warm.status}`);
    const pages = await measurePages();
    console.log(`Price list benchmark: ${LOGIN}, ${pages.total} products`);
    console.log(`back-office page of 1,000 rows  p50 ${pages.p50.toFixed(1)} ms  p95 ${pages.p95.toFixed(1)} ms  (${PAGE_CALLS} calls)`);
    let failed = false;
    // The XLSX twice: a second run that ends where the first did shows nothing is kept.
    // A category's export first: the memory of ten times fewer rows, to compare with.
    const exports: [string, string][] = [
      ...(pages.category
        ? [[`XLSX ${pages.category.total} rows`, `/mon-compte/tarifs/export.xlsx?categorie=${pages.category.id}`] as [string, string]]
        : []),
      ["XLSX export", "/mon-compte/tarifs/export.xlsx"],
      ...Array.from({ length: XLSX_REPEATS - 1 }, (): [string, string] => ["XLSX again", "/mon-compte/tarifs/export.xlsx"]),
      ["CSV export", "/mon-compte/tarifs/export.csv"],
    ];
    for (const [name, pathname] of exports) {
      const result = await measureExport(pid, pathname, cookie);
      const rows = name === "CSV export" ? `  ${result.lineBreaks - 1} rows` : "";
      console.log(
        `${name.padEnd(16)} ${result.seconds.toFixed(1)} s  ${mb(result.bytes)}${rows}  portal RSS before ${mb(result.before)}, peak ${mb(result.peak)} (+${mb(result.peak - result.before)}), after ${mb(result.after)}`,
      );
      if (name === "CSV export" && result.lineBreaks - 1 !== pages.total) failed = true;
    }
    if (failed) {
      console.error("the CSV export does not hold every product");
      process.exitCode = 1;
    }
  } finally {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPriceListBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
