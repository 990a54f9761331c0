import { sql, type Kysely } from "kysely";
import type { ImportProgress } from "@shared/contracts/import-jobs";
import type { ImportCounts, ImportFeed, ImportQuery, ImportReport } from "@shared/contracts/imports";
import type { Database } from "../db/schema";
import { brandsFeed } from "./feeds/brands";
import { categoriesFeed } from "./feeds/categories";
import type { Feed } from "./feeds/plan";
import { productsFeed } from "./feeds/products";
import { stockFeed } from "./feeds/stock";
import { readSheetRows } from "./reader/read";
import { issueText, readTable, type LineIssue } from "./reader/table";

const FEEDS: Record<ImportFeed, Feed> = { categories: categoriesFeed, brands: brandsFeed, products: productsFeed, stock: stockFeed };

/** The query's options; `full` may be left out (it is false then). */
export type ImportOptions = Omit<ImportQuery, "full"> & Partial<Pick<ImportQuery, "full">>;

/**
 * Imports run one at a time across every process of the portal: two files writing the same
 * categories at once would each plan on a state the other is changing. The lock is the
 * transaction's, so it goes with its commit or rollback.
 */
const IMPORT_LOCK_KEY = 340_034;

/** Rolls the import's transaction back once its report is known (a dry run, refused lines). */
class NothingWritten extends Error {
  constructor(readonly report: ImportReport) {
    super("nothing written");
  }
}

/** With `full`: what became of the products missing from the file. */
function fullFigures(counts: ImportCounts): string {
  if (counts.discontinued === undefined) return "";
  if (counts.refused > 0) return " ; --full : aucun produit marqué arrêté, le fichier ayant des lignes refusées";
  return ` ; ${counts.discontinued} produit(s) absent(s) du fichier marqué(s) arrêté(s)`;
}

function summary(report: Omit<ImportReport, "message">): string {
  const { created, updated, unchanged, refused } = report.counts;
  const figures = `${created} créée(s), ${updated} modifiée(s), ${unchanged} inchangée(s), ${refused} ligne(s) refusée(s)${fullFigures(report.counts)}`;
  if (report.applied) return `Fichier appliqué : ${figures}.`;
  if (report.dry_run) return `Essai (--dry-run), rien n'est enregistré : ${figures}.`;
  return `Rien n'est enregistré : ${refused} ligne(s) refusée(s). Corrigez-les, ou relancez avec --skip-invalid pour appliquer les lignes valides.`;
}

/**
 * One import, from the file's bytes to its report, in one transaction: the file is read, the
 * feed plans its upsert on the database's state, and the plan is written only when it is not
 * a dry run and no line was refused (or --skip-invalid was asked). Throws FeedFileError when
 * the file as a whole cannot be read.
 */
export async function runImport(
  db: Kysely<Database>,
  feedName: ImportFeed,
  bytes: Uint8Array,
  options: ImportOptions,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportReport> {
  const feed = FEEDS[feedName];
  onProgress({ phase: "reading", rows: null, written: 0 });
  const table = readTable(await readSheetRows(bytes), feed.columns);
  const rows = table.records.length + new Set(table.issues.map((issue) => issue.line)).size;
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`.execute(trx);
      onProgress({ phase: "checking", rows, written: 0 });
      const plan = await feed.plan(trx, table.records, {
        present: table.present,
        full: options.full ?? false,
        refusedLines: table.issues.length > 0,
      });
      const issues: LineIssue[] = [...table.issues, ...plan.issues].sort((a, b) => a.line - b.line);
      const counts: ImportCounts = { ...plan.counts, refused: new Set(issues.map((issue) => issue.line)).size };
      const apply = !options.dry_run && (issues.length === 0 || options.skip_invalid);
      const base = {
        feed: feedName,
        applied: apply,
        dry_run: options.dry_run,
        skip_invalid: options.skip_invalid,
        counts: apply || options.dry_run ? counts : { created: 0, updated: 0, unchanged: 0, refused: counts.refused },
        refused: issues.map((issue) => ({ ...issue, text: issueText(issue) })),
      };
      const report = { ...base, message: summary(base) };
      if (!apply) throw new NothingWritten(report);
      onProgress({ phase: "writing", rows, written: 0 });
      await plan.write((written) => onProgress({ phase: "writing", rows, written }));
      return report;
    });
  } catch (error) {
    if (error instanceof NothingWritten) return error.report;
    throw error;
  }
}
