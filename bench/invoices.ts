import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { logIn, pageHtml, startPortal } from "./portal-process";

/**
 * Invoice list benchmark (docs/invoices-portal.md): the built portal in its own process on a
 * copy of the benchmark database (`npm run seed:bench`), where Voilerie Atlantique (C0001)
 * holds 20,000 invoices (server/backoffice/seed/bench.ts); logged in as that organization
 * through the real login form; then autocannon, 10 connections, on /mon-compte/factures (its
 * first page and its summary), the same list filtered (a status and an amount range), a deep
 * page, and the category page of the catalogue benchmark in the same run, for comparison.
 * Prints req/s and p50/p99 of each.
 */

const PORT = Number(process.env.BENCH_INVOICES_PORT ?? 4210);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const LOGIN = process.env.BENCH_LOGIN ?? "client@voilerie-atlantique.fr";
const CATEGORY_PATH = "/catalogue/electronique-de-bord/navigation/antennes";
const INVOICES_PATH = "/mon-compte/factures";
const FILTERED_PATH = "/mon-compte/factures?statut=en+retard&montant_min=100&montant_max=5000";
const DEEP_PATH = "/mon-compte/factures?page=500";
const BENCH_PGLITE_DIR = "data/pglite-bench";

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, pathname: string, cookie: string): Promise<Row> {
  const options = { url: `${BASE}${pathname}`, connections: CONNECTIONS, headers: { cookie } };
  await autocannon({ ...options, duration: 2 }); // warm-up: caches, JIT
  const result = await autocannon({ ...options, duration: DURATION_S });
  return {
    name,
    path: pathname,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

export async function runInvoicesBench(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-invoices-"));
  // The portal runs on a throw-away copy: the benchmark never changes the seeded database.
  if (!databaseUrl) await cp(BENCH_PGLITE_DIR, path.join(dataDir, "pglite"), { recursive: true });
  const portal = await startPortal({ port: PORT, dataDir, databaseUrl });
  try {
    const cookie = await logIn(BASE, LOGIN);
    // The list must be the 20,000 invoices' one, or its figures mean nothing.
    const html = await pageHtml(BASE, INVOICES_PATH, cookie);
    const count = /<p>([\d\u00a0\u202f ]+)(?:<!-- -->)? facture/.exec(html)?.[1]?.replace(/\D/g, "");
    console.log(`invoices of ${LOGIN}: ${count ?? "?"}`);
    const rows: Row[] = [];
    for (const [name, pathname] of [
      ["category page", CATEGORY_PATH],
      ["invoice list", INVOICES_PATH],
      ["invoices filtered", FILTERED_PATH],
      ["invoices page 500", DEEP_PATH],
    ] as const) {
      rows.push(await load(name, pathname, cookie));
    }
    const category = rows[0]?.rps ?? Number.NaN;
    console.log(`Invoice list benchmark: ${LOGIN}, autocannon ${CONNECTIONS} connections, ${DURATION_S} s per case`);
    for (const row of rows) {
      const ratio = `${((row.rps / category) * 100).toFixed(0)} % of the category page`;
      console.log(
        `${row.name.padEnd(18)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ${ratio}${row.errors ? `  ERRORS ${row.errors}` : ""}  ${row.path}`,
      );
    }
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    await portal.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runInvoicesBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
