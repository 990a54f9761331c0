import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { logIn, pageHtml, startPortal } from "./portal-process";

/**
 * Catalogue benchmark (docs/performance.md): the built portal (server/index.ts → createPortalServer) in its
 * own process on a copy of the benchmark database (`npm run seed:bench`, 50,000 products),
 * logged in as an organization with its own prices through the real login form; then
 * autocannon, 10 connections, on a category page, a product page, a search page, the account's
 * orders list and purchase history (Voilerie Atlantique, C0001, holds the benchmark set's 5,000
 * past orders: docs/orders.md) and the bare Remix route of the same build rendering a tiny
 * static page (/sante/rendu), in the same run. Prints req/s, p50/p99 and the ratio to the
 * bare route, and the gzipped JavaScript a category page loads.
 */

const PORT = Number(process.env.BENCH_CATALOGUE_PORT ?? 4200);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const LOGIN = process.env.BENCH_LOGIN ?? "client@voilerie-atlantique.fr";
const CATEGORY_PATH = "/catalogue/electronique-de-bord/navigation/antennes";
const SEARCH_PATH = "/catalogue?q=antenne";
/** The organization's orders, first page of 20 out of 5,000, and its twelve months' history. */
const ORDERS_PATH = "/mon-compte/commandes";
const HISTORY_PATH = "/mon-compte/historique";
const BENCH_PGLITE_DIR = "data/pglite-bench";

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Sum of the gzipped sizes of the scripts a page loads (module scripts and modulepreloads). */
async function gzippedScriptBytes(html: string): Promise<number> {
  const sources = new Set([...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""));
  const sizes = await Promise.all(
    [...sources].map(async (source) => gzipSync(Buffer.from(await (await fetch(`${BASE}${source}`)).arrayBuffer()), { level: 9 }).length),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function load(name: string, pathname: string, cookie: string): Promise<Row> {
  const options = { url: `${BASE}${pathname}`, connections: CONNECTIONS, headers: { cookie } };
  await autocannon({ ...options, duration: 2 }); // warm-up: caches, JIT
  const result = await autocannon({ ...options, duration: DURATION_S });
  return { name, path: pathname, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

export async function runCatalogueBench(): Promise<void> {
  const usesServer = Boolean(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-catalogue-"));
  if (!usesServer) await cp(BENCH_PGLITE_DIR, path.join(dataDir, "pglite"), { recursive: true });
  // The portal runs on a throw-away copy: the benchmark never changes the seeded database.
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const portal = await startPortal({ port: PORT, dataDir, databaseUrl });
  try {
    const cookie = await logIn(BASE, LOGIN);
    const categoryHtml = await pageHtml(BASE, CATEGORY_PATH, cookie);
    const productId = /\/catalogue\/produit\/(\d+)/.exec(categoryHtml)?.[1];
    if (!productId) throw new Error("no product on the category page");
    const productPath = `/catalogue/produit/${productId}`;
    // The orders list must be the 5,000 orders' one, or its figures mean nothing.
    const ordersHtml = await pageHtml(BASE, ORDERS_PATH, cookie);
    const orderCount = /(\d+)(?:<!-- -->)? commande/.exec(ordersHtml)?.[1];
    console.log(`orders of ${LOGIN}: ${orderCount ?? "?"}`);
    const rows: Row[] = [];
    for (const [name, pathname] of [
      // The bare Remix route: a tiny static page through the whole document path (the issue's
      // yardstick). /sante, which renders nothing, is shown for reference.
      ["bare Remix page", "/sante/rendu"],
      ["server only", "/sante"],
      ["category page", CATEGORY_PATH],
      ["product page", productPath],
      ["search page", SEARCH_PATH],
      ["orders list", ORDERS_PATH],
      ["history page", HISTORY_PATH],
    ] as const) {
      rows.push(await load(name, pathname, cookie));
    }
    const bare = rows[0]?.rps ?? Number.NaN;
    console.log(`Catalogue benchmark: ${LOGIN}, autocannon ${CONNECTIONS} connections, ${DURATION_S} s per case`);
    for (const row of rows) {
      const ratio = `${((row.rps / bare) * 100).toFixed(0)} % of the bare page`;
      console.log(`${row.name.padEnd(18)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ${ratio}${row.errors ? `  ERRORS ${row.errors}` : ""}  ${row.path}`);
    }
    const js = await gzippedScriptBytes(categoryHtml);
    console.log(`category page JavaScript: ${(js / 1024).toFixed(1)} KB gzipped`);
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCatalogueBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
