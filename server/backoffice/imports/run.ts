import type { Kysely } from "kysely";
import type { ImportCounts, ImportFeed, ImportQuery, ImportReport } from "@shared/contracts/imports";
import type { Database } from "../db/schema";
import { brandsFeed } from "./feeds/brands";
import { categoriesFeed } from "./feeds/categories";
import type { Feed } from "./feeds/plan";
import { priceGroupsFeed } from "./feeds/price-groups";
import { pricesFeed } from "./feeds/prices";
import { readSheetRows } from "./reader/read";
import { issueText, readTable, type LineIssue } from "./reader/table";

const FEEDS: Record<ImportFeed, Feed> = {
  categories: categoriesFeed,
  brands: brandsFeed,
  "price-groups": priceGroupsFeed,
  prices: pricesFeed,
};

/** Rolls the import's transaction back once its report is known (a dry run, refused lines). */
class NothingWritten extends Error {
  constructor(readonly report: ImportReport) {
    super("nothing written");
  }
}

function summary(report: Omit<ImportReport, "message">): string {
  const { created, updated, unchanged, refused } = report.counts;
  const figures = `${created} créée(s), ${updated} modifiée(s), ${unchanged} inchangée(s), ${refused} ligne(s) refusée(s)`;
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
  options: ImportQuery,
): Promise<ImportReport> {
  const feed = FEEDS[feedName];
  const table = readTable(await readSheetRows(bytes), feed.columns);
  try {
    return await db.transaction().execute(async (trx) => {
      const plan = await feed.plan(trx, table.records);
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
      await plan.write();
      return report;
    });
  } catch (error) {
    if (error instanceof NothingWritten) return error.report;
    throw error;
  }
}
