import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { importReport, IMPORT_FEEDS, type ImportFeed, type ImportReport } from "@shared/contracts/imports";
import { createServiceToken } from "../server/backoffice/auth/service-tokens";
import { openDatabase } from "../server/backoffice/db/open";
import { feedTemplate } from "../server/backoffice/imports/feeds/columns";
import { markdownTable } from "./markdown-table";
import { residentMb } from "./process-metrics";

/**
 * `npm run bench -- import` (docs/performance.md, issue 34): an empty production back-office
 * (its own process, PGlite in a temporary folder, no demo) fed the files of a large
 * distributor, generated here: a category tree, brands, 50,000 products and their stock, 500
 * customers with 50,000 customer prices, their users; then the products again, unchanged.
 * Each file is posted as `npm run import` does and timed to its report; the back-office's
 * resident memory is sampled every 100 ms. Sizes: BENCH_IMPORT_PRODUCTS, BENCH_IMPORT_CUSTOMERS.
 */

const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 4102);
const BASE = `http://127.0.0.1:${PORT}`;
const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 50_000);
const CUSTOMERS = Number(process.env.BENCH_IMPORT_CUSTOMERS ?? 500);
const PRICES_PER_CUSTOMER = 100;
const FAMILIES = ["Navigation", "Sécurité", "Mouillage", "Accastillage", "Moteur", "Électricité", "Confort", "Entretien"];

type Row = Record<string, string>;

/** A feed's file in the order of its template's headers (`npm run import -- template <feed>`); missing values empty. */
function csvOf(feed: ImportFeed, rows: Iterable<Row>): Uint8Array {
  const headers = (feedTemplate(feed).split("\n")[0] ?? "").split(";");
  const lines = [headers.join(";")];
  for (const row of rows) lines.push(headers.map((header) => row[header] ?? "").join(";"));
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

function* categories(): Iterable<Row> {
  for (const [family, title] of FAMILIES.entries()) {
    const top = `FAM${family + 1}`;
    yield { Référence: top, Titre: title };
    for (let sub = 1; sub <= 6; sub += 1) {
      yield { Référence: `${top}-${sub}`, Titre: `${title} ${sub}`, "Référence parent": top };
      for (let leaf = 1; leaf <= 5; leaf += 1)
        yield { Référence: `${top}-${sub}-${leaf}`, Titre: `${title} ${sub}.${leaf}`, "Référence parent": `${top}-${sub}` };
    }
  }
}

const leafOf = (index: number): string => `FAM${(index % FAMILIES.length) + 1}-${(index % 6) + 1}-${(index % 5) + 1}`;
const productRef = (index: number): string => `ART${String(index).padStart(6, "0")}`;
const customerRef = (index: number): string => `C${String(index).padStart(5, "0")}`;

function* brands(): Iterable<Row> {
  for (let index = 1; index <= 150; index += 1) yield { Référence: `MRQ${index}`, Nom: `Marque ${index}` };
}

function* products(): Iterable<Row> {
  for (let index = 1; index <= PRODUCTS; index += 1) {
    yield {
      Référence: productRef(index),
      Titre: `Article de bord ${index} ${FAMILIES[index % FAMILIES.length]}`,
      Description: `Description de l'article ${index}, pour la plaisance et la pêche.`,
      "Référence marque": `MRQ${(index % 150) + 1}`,
      "Référence catégorie": leafOf(index),
      "Prix HT": `${(10 + (index % 900)).toString()},${String(index % 100).padStart(2, "0")}`,
      Écotaxe: index % 7 === 0 ? "0,50" : "",
      "Poids brut (kg)": "1,2",
      "Poids net (kg)": "1",
      "Produit MMSI": "non",
      "Famille d'expédition": index % 40 === 0 ? "antenne" : "",
      Arrêté: "non",
    };
  }
}

function* stock(): Iterable<Row> {
  for (let index = 1; index <= PRODUCTS; index += 1)
    yield { Référence: productRef(index), "Quantité disponible": String(index % 50), "Quantité de réassort": index % 50 === 0 ? "20" : "" };
}

function* customers(): Iterable<Row> {
  for (let index = 1; index <= CUSTOMERS; index += 1) {
    yield {
      Référence: customerRef(index),
      "Raison sociale": `Chantier naval ${index}`,
      "Catégorie comptable": "Ventes France",
      Adresse: `${index} quai des Indes`,
      "Code postal": "56100",
      Ville: "Lorient",
      Pays: "FR",
      "Conditions de paiement": "30 jours fin de mois",
    };
  }
}

function* prices(): Iterable<Row> {
  for (let customer = 1; customer <= CUSTOMERS; customer += 1) {
    for (let line = 0; line < PRICES_PER_CUSTOMER; line += 1) {
      const product = ((customer * 97 + line * 13) % PRODUCTS) + 1;
      yield { "Référence client": customerRef(customer), "Référence produit": productRef(product), "Remise (%)": String(5 + (line % 20)) };
    }
  }
}

function* users(): Iterable<Row> {
  for (let index = 1; index <= CUSTOMERS; index += 1) {
    yield {
      "Référence client": customerRef(index),
      "E-mail": `achats${index}@chantier-${index}.fr`,
      Prénom: "Anne",
      Nom: `Le Goff ${index}`,
      Panier: "oui",
      Commandes: "oui",
      Devis: "oui",
      Factures: "oui",
      Prix: "oui",
    };
  }
}

const FILES: Partial<Record<ImportFeed, () => Iterable<Row>>> = { categories, brands, products, stock, customers, prices, users };

async function startBackoffice(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/backoffice/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BACKOFFICE_PORT: String(PORT),
      PGLITE_DIR: dataDir,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (
      await fetch(`${BASE}/api/erp/import-jobs`).then(
        (response) => response.status === 401,
        () => false,
      )
    )
      return child;
  }
  child.kill();
  throw new Error("the back-office did not start");
}

interface Measure {
  feed: string;
  rows: number;
  megabytes: number;
  seconds: number;
  before: number;
  peak: number;
  report: ImportReport;
}

async function timedImport(child: ChildProcess, token: string, feed: ImportFeed, file: Uint8Array, rows: number): Promise<Measure> {
  const pid = child.pid ?? 0;
  const before = residentMb(pid) ?? 0;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid) ?? 0)), 100);
  const started = performance.now();
  const response = await fetch(`${BASE}/api/erp/imports/${feed}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(file),
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const report = importReport.parse(await response.json());
  if (!report.applied)
    throw new Error(
      `${feed}: ${report.message} ${report.refused
        .slice(0, 3)
        .map((line) => line.text)
        .join(" / ")}`,
    );
  return { feed, rows, megabytes: file.length / 1024 / 1024, seconds, before, peak: Math.max(peak, residentMb(pid) ?? 0), report };
}

export async function runImportBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
  let child: ChildProcess | null = null;
  try {
    // An empty production database and its first service token, as `npm run admin -- token create` makes it.
    const opened = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    const token = await createServiceToken(opened.db, "Banc d'import");
    await opened.close();
    child = await startBackoffice(path.join(dataDir, "pglite"));
    const measures: Measure[] = [];
    for (const feed of IMPORT_FEEDS) {
      const make = FILES[feed];
      if (!make) continue;
      const rows = [...make()];
      measures.push(await timedImport(child, token, feed, csvOf(feed, rows), rows.length));
    }
    const again = [...products()];
    measures.push({ ...(await timedImport(child, token, "products", csvOf("products", again), again.length)), feed: "products (again)" });
    const mb = (value: number) => value.toFixed(0);
    console.log(
      markdownTable(
        [
          "feed",
          " rows",
          " file MB",
          " seconds",
          " rows/s",
          " created",
          " updated",
          " unchanged",
          " RSS before MB",
          " peak MB",
          " growth MB",
        ],
        measures.map((measure) => [
          measure.feed,
          String(measure.rows),
          measure.megabytes.toFixed(1),
          measure.seconds.toFixed(1),
          (measure.rows / measure.seconds).toFixed(0),
          String(measure.report.counts.created),
          String(measure.report.counts.updated),
          String(measure.report.counts.unchanged),
          mb(measure.before),
          mb(measure.peak),
          mb(measure.peak - measure.before),
        ]),
      ),
    );
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}
