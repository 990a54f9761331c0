import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * `npm run bench`: every benchmark of the project, one after the other, each case a few
 * seconds (BENCH_DURATION, default 5). Seeds the benchmark database first when a selected
 * bench reads it and it is missing (PGlite in data/pglite-bench; with BENCH_DATABASE_URL, a
 * PostgreSQL database that must already be seeded with `BENCH_DATABASE_URL=… npm run
 * seed:bench`). The catalogue bench also starts the stock Remix app as its yardstick, installing
 * it into .cache/stock-remix on its first run (bench/stock.ts). See docs/performance.md.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.BENCH_DURATION ??= "5";

function seedIfMissing(): void {
  if (process.env.BENCH_DATABASE_URL || existsSync(path.join(ROOT, "data/pglite-bench/PG_VERSION"))) return;
  console.log("Base de benchmark absente : npm run seed:bench…");
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "server/backoffice/seed/bench-cli.ts"], { cwd: ROOT, stdio: "inherit" });
  if (seeded.status !== 0) throw new Error("npm run seed:bench a échoué.");
}

interface Bench {
  title: string;
  file: string;
  run: string;
  /** Runs on data/pglite-bench (the others seed their own data). */
  needsBenchData?: boolean;
}

const BENCHES: Bench[] = [
  { title: "Back-office", file: "backoffice.ts", run: "runBackofficeBench", needsBenchData: true },
  { title: "Catalogue", file: "catalogue.ts", run: "runCatalogueBench", needsBenchData: true },
  { title: "Factures", file: "invoices.ts", run: "runInvoicesBench", needsBenchData: true },
  { title: "PDF de facture", file: "invoice-pdf.ts", run: "runInvoicePdfBench" },
  { title: "Tarifs", file: "price-list.ts", run: "runPriceListBench", needsBenchData: true },
  { title: "Lighthouse", file: "lighthouse.ts", run: "runLighthouseBench" },
  { title: "Panier", file: "cart.ts", run: "runCartBench" },
  { title: "Imports de l'ERP", file: "import.ts", run: "runImportBench" },
  { title: "Webhooks de l'ERP", file: "webhooks.ts", run: "runWebhooksBench" },
  { title: "Mémoire", file: "memory.ts", run: "runMemoryBench", needsBenchData: true },
  // Written by the live-sync work: run only when it is there.
  { title: "Temps réel", file: "realtime.ts", run: "runRealtimeBench" },
];

async function runOne(bench: Bench): Promise<boolean> {
  const file = path.join(ROOT, "bench", bench.file);
  if (!existsSync(file)) {
    console.log(`\n== ${bench.title} : bench/${bench.file} absent, ignoré`);
    return true;
  }
  console.log(`\n== ${bench.title} (bench/${bench.file})`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const run = module[bench.run];
  if (typeof run !== "function") throw new Error(`bench/${bench.file} does not export ${bench.run}`);
  const started = Date.now();
  try {
    await (run as () => Promise<void>)();
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return true;
  } catch (error) {
    console.error(`${bench.title} a échoué :`, error);
    return false;
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const selected = BENCHES.filter((bench) => only.length === 0 || only.some((name) => bench.file.startsWith(name)));
  // Seeding takes half a minute: only when a selected bench reads the benchmark data.
  if (selected.some((bench) => bench.needsBenchData)) seedIfMissing();
  let failures = 0;
  for (const bench of selected) {
    if (!(await runOne(bench))) failures += 1;
  }
  if (failures > 0 || process.exitCode) process.exitCode = 1;
}

main().then(
  // The benches leave no server behind, but a stray keep-alive socket must not hold the run.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
