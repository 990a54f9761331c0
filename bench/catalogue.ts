import { cp, mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { markdownTable } from "./markdown-table";
import { recordSummary } from "./summary";
import { logIn, pageHtml, startPortal } from "./portal-process";
import { startStockApp } from "./stock";

/**
 * Catalogue benchmark (docs/performance.md, issue 23): the built portal (server/index.ts →
 * createPortalServer) in its own process on a copy of the benchmark database (`npm run
 * seed:bench`, 50,000 products), logged in as an organization with its own prices through the
 * real login form, and beside it the stock Remix app (bench/stock.ts) as the yardstick, in the
 * same run on the same machine. autocannon, 10 connections, on the portal's bare Remix page
 * (/sante/rendu), a category page (also with compression asked for), a product page, a search
 * page, the account's orders list and purchase history and its invoices list (Voilerie
 * Atlantique, C0001, holds the benchmark set's 5,000 past orders and 20,000 invoices:
 * docs/orders.md, docs/invoices-portal.md), and on the stock app's /plain, /hello and /list.
 * Prints each page as a ratio to its stock reference against the issue's target, the stock
 * figures, the machine's calibration (stock /plain) and the gzipped JavaScript a category
 * page loads. Exit code 1 when a request failed.
 */

const PORT = Number(process.env.BENCH_CATALOGUE_PORT ?? 4200);
const STOCK_PORT = Number(process.env.BENCH_STOCK_PORT ?? 3900);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = 10;
const LOGIN = process.env.BENCH_LOGIN ?? "client@voilerie-atlantique.fr";
const CATEGORY_PATH = "/catalogue/electronique-de-bord/navigation/antennes";
const SEARCH_PATH = "/catalogue?q=antenne";
/** The organization's orders, first page of 20 out of 5,000, and its twelve months' history. */
const ORDERS_PATH = "/mon-compte/commandes";
const HISTORY_PATH = "/mon-compte/historique";
/** The organization's invoices, first page out of 20,000. */
const INVOICES_PATH = "/mon-compte/factures";
/** What a browser sends. autocannon sends no accept-encoding: the other rows measure the uncompressed path. */
const COMPRESSED = { "accept-encoding": "gzip, br" };
const BENCH_PGLITE_DIR = "data/pglite-bench";
/** Two passes of a stock page further apart than this: the machine did not stay as it was. */
const UNSTEADY_DRIFT = 0.15;

/** The stock app's pages (its README.md): the framework-free ceiling, the smallest Remix document, a simple list page. */
const STOCK_CASES = { plain: "/plain", hello: "/hello", list: "/list?category=informatique" } as const;
type StockCase = keyof typeof STOCK_CASES;

interface Target {
  /** Portal req/s ÷ stock req/s, at least. */
  minRatio: number;
  /** p99 under this many ms. */
  maxP99?: number;
}

interface PortalCase {
  name: string;
  path: string;
  reference: StockCase;
  /** The issue's target; none: shown for reference. */
  target?: Target;
  headers?: Record<string, string>;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes received per answer, headers included (shows what compression saves). */
  bytesPerAnswer: number;
}

/** Sum of the gzipped sizes of the scripts a page loads (module scripts and modulepreloads). */
async function gzippedScriptBytes(html: string): Promise<number> {
  const sources = new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""));
  const sizes = await Promise.all(
    [...sources].map(async (source) => gzipSync(Buffer.from(await (await fetch(`${BASE}${source}`)).arrayBuffer()), { level: 9 }).length),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const options = { url, connections: CONNECTIONS, headers };
  await autocannon({ ...options, duration: WARMUP_S }); // warm-up: caches, JIT
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    bytesPerAnswer: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}

/**
 * The content-encoding the portal answers to these headers. Node's fetch would decompress
 * silently; node:http shows the answer as autocannon receives it.
 */
function answeredEncoding(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        response.resume();
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode ?? "?"}`));
        else resolve(response.headers["content-encoding"] ?? "identity");
      })
      .on("error", reject);
  });
}

async function measureStock(base: string): Promise<Record<StockCase, Figures>> {
  return {
    plain: await load(`${base}${STOCK_CASES.plain}`, {}),
    hello: await load(`${base}${STOCK_CASES.hello}`, {}),
    list: await load(`${base}${STOCK_CASES.list}`, {}),
  };
}

const mean = (a: number, b: number): number => (a + b) / 2;
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
const percent = (ratio: number): string => `${(ratio * 100).toFixed(0)} %`;

function targetText(target: Target | undefined): string {
  if (!target) return "—";
  return `≥ ${percent(target.minRatio)}${target.maxP99 === undefined ? "" : `, p99 < ${target.maxP99} ms`}`;
}

function verdict(figures: Figures, ratio: number, target: Target | undefined): string {
  const missed: string[] = [];
  if (target && ratio < target.minRatio) missed.push("ratio");
  if (target?.maxP99 !== undefined && figures.p99 >= target.maxP99) missed.push("p99");
  const result = !target ? "—" : missed.length === 0 ? "met" : `MISSED (${missed.join(", ")})`;
  return figures.errors > 0 ? `${result}, ${figures.errors} ERRORS` : result;
}

export async function runCatalogueBench(): Promise<void> {
  // First, as its first run installs it (npm ci): the portal is not waiting meanwhile.
  const stock = await startStockApp(STOCK_PORT);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  let dataDir: string | undefined;
  try {
    dataDir = await mkdtemp(path.join(tmpdir(), "bench-catalogue-"));
    // The portal runs on a throw-away copy: the benchmark never changes the seeded database.
    if (!databaseUrl) await cp(BENCH_PGLITE_DIR, path.join(dataDir, "pglite"), { recursive: true });
    const portal = await startPortal({ port: PORT, dataDir, databaseUrl });
    try {
      await runCases(stock.base);
    } finally {
      await portal.stop();
    }
  } finally {
    await stock.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

async function runCases(stockBase: string): Promise<void> {
  const cookie = await logIn(BASE, LOGIN);
  const categoryHtml = await pageHtml(BASE, CATEGORY_PATH, cookie);
  const productId = /\/catalogue\/produit\/(\d+)/.exec(categoryHtml)?.[1];
  if (!productId) throw new Error("no product on the category page");
  // The lists must be the 5,000 orders' and the 20,000 invoices' ones, or their figures mean nothing.
  const orderCount = /(\d+)(?:<!-- -->)? commande/.exec(await pageHtml(BASE, ORDERS_PATH, cookie))?.[1];
  const invoiceHtml = await pageHtml(BASE, INVOICES_PATH, cookie);
  const invoiceCount = /<p>([\d\u00a0\u202f ]+)(?:<!-- -->)? facture/.exec(invoiceHtml)?.[1]?.replace(/\D/g, "");
  console.log(`orders of ${LOGIN}: ${orderCount ?? "?"}, invoices: ${invoiceCount ?? "?"}`);
  // Compression belongs to a reverse proxy in production; this row shows what it costs when
  // the portal does it itself, and says which encoding the portal chose (if any).
  const encoding = await answeredEncoding(`${BASE}${CATEGORY_PATH}`, { ...COMPRESSED, cookie });
  const cases: PortalCase[] = [
    // The bare Remix route: a tiny static page through the whole document path. /sante, which
    // renders nothing, is shown against the stock app's plain Express page for reference.
    { name: "bare Remix page", path: "/sante/rendu", reference: "hello", target: { minRatio: 0.8 } },
    { name: "server only", path: "/sante", reference: "plain" },
    { name: "category page", path: CATEGORY_PATH, reference: "list", target: { minRatio: 0.6, maxP99: 80 } },
    {
      name: `category page, ${encoding === "identity" ? "uncompressed" : encoding} (asked: ${COMPRESSED["accept-encoding"]})`,
      path: CATEGORY_PATH,
      reference: "list",
      headers: COMPRESSED,
    },
    { name: "product page", path: `/catalogue/produit/${productId}`, reference: "list", target: { minRatio: 1, maxP99: 50 } },
    { name: "search page", path: SEARCH_PATH, reference: "list", target: { minRatio: 0.6, maxP99: 80 } },
    { name: "orders list (5,000 orders)", path: ORDERS_PATH, reference: "list", target: { minRatio: 1 } },
    { name: "invoices list (20,000 invoices)", path: INVOICES_PATH, reference: "list", target: { minRatio: 1 } },
    { name: "history page (12 months)", path: HISTORY_PATH, reference: "list" },
  ];
  // Order: the stock cases, the portal's, then the stock cases again; each ratio divides by the
  // mean of its reference's two passes. On 2 cores shared with other work the machine's speed
  // drifts over the minutes of a run: bracketing the portal's cases cancels a steady drift,
  // and the two passes show how far it went. (Interleaving each portal case with its
  // reference would take one /list run per portal row, seven instead of two.)
  const before = await measureStock(stockBase);
  const portal: Figures[] = [];
  for (const pageCase of cases) portal.push(await load(`${BASE}${pageCase.path}`, { ...pageCase.headers, cookie }));
  const after = await measureStock(stockBase);

  const reference = (key: StockCase): number => mean(before[key].rps, after[key].rps);
  console.log(`\nCatalogue benchmark: ${LOGIN}, autocannon ${CONNECTIONS} connections, warm-up ${WARMUP_S} s, ${DURATION_S} s per case`);
  console.log(
    markdownTable(
      ["page", " req/s", " p50 ms", " p99 ms", " KB/answer", "stock reference", " its req/s", " ratio", "target", "result"],
      cases.map((pageCase, index) => {
        const figures = portal[index] as Figures;
        const ratio = figures.rps / reference(pageCase.reference);
        return [
          pageCase.name,
          figures.rps.toFixed(0),
          String(figures.p50),
          String(figures.p99),
          kb(figures.bytesPerAnswer),
          // Short (/plain, /hello, /list): the stock table below gives the whole path.
          `/${pageCase.reference}`,
          reference(pageCase.reference).toFixed(0),
          percent(ratio),
          targetText(pageCase.target),
          verdict(figures, ratio, pageCase.target),
        ];
      }),
    ),
  );
  console.log("\nStock Remix app, same run (before and after the portal's cases; the ratios use the mean):");
  console.log(
    markdownTable(
      ["stock page", " req/s before", " req/s after", " mean", " p50 / p99 ms before", " p50 / p99 ms after", " KB/answer", "errors"],
      (Object.keys(STOCK_CASES) as StockCase[]).map((key) => [
        STOCK_CASES[key],
        before[key].rps.toFixed(0),
        after[key].rps.toFixed(0),
        reference(key).toFixed(0),
        `${before[key].p50} / ${before[key].p99}`,
        `${after[key].p50} / ${after[key].p99}`,
        kb(before[key].bytesPerAnswer),
        before[key].errors + after[key].errors > 0 ? `${before[key].errors + after[key].errors} ERRORS` : "0",
      ]),
    ),
  );
  const drift = Math.max(
    ...(Object.keys(STOCK_CASES) as StockCase[]).map((key) => Math.abs(after[key].rps - before[key].rps) / reference(key)),
  );
  const unsteady = drift > UNSTEADY_DRIFT ? ": the machine's load changed during the run, the ratios are rough" : "";
  console.log(
    `machine calibration: stock /plain ${reference("plain").toFixed(0)} req/s; stock figures moved by up to ${percent(drift)} between the two passes${unsteady}`,
  );
  const js = await gzippedScriptBytes(categoryHtml);
  console.log(`category page JavaScript: ${kb(js)} KB gzipped`);
  const stockListHtml = await (await fetch(`${stockBase}${STOCK_CASES.list}`)).text();
  const elements = (html: string): number => (html.match(/<[a-z][a-z0-9-]*[\s/>]/g) ?? []).length;
  const categoryBytes = Buffer.byteLength(categoryHtml);
  console.log(
    `category page HTML: ${kb(categoryBytes)} KB, ${elements(categoryHtml)} elements; stock /list: ${kb(Buffer.byteLength(stockListHtml))} KB, ${elements(stockListHtml)} elements`,
  );
  recordSummary("categoryHtml", {
    now: `${kb(categoryBytes)} KB, ${elements(categoryHtml)} elements`,
    stock: `/list ${kb(Buffer.byteLength(stockListHtml))} KB, ${elements(stockListHtml)} elements`,
    met: categoryBytes <= 35 * 1024,
  });
  const summaryRows = [
    ["bare", "bare Remix page"],
    ["category", "category page"],
    ["product", "product page"],
    ["search", "search page"],
  ] as const;
  for (const [key, name] of summaryRows) {
    const index = cases.findIndex((pageCase) => pageCase.name === name);
    const pageCase = cases[index];
    const figures = portal[index];
    if (!pageCase || !figures) continue;
    const ratio = figures.rps / reference(pageCase.reference);
    recordSummary(key, {
      now: `${figures.rps.toFixed(0)} req/s, ${percent(ratio)}, p99 ${figures.p99} ms`,
      stock: `/${pageCase.reference} ${reference(pageCase.reference).toFixed(0)} req/s`,
      met: verdict(figures, ratio, pageCase.target) === "met",
    });
  }
  const failed = [...portal, ...Object.values(before), ...Object.values(after)].some((figures) => figures.errors > 0);
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCatalogueBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
