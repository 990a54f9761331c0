import { sql, type Kysely } from "kysely";
import type { ImportProgress } from "@shared/contracts/import-jobs";
import type { ImportCounts, ImportFeed, ImportQuery, ImportReport } from "@shared/contracts/imports";
import type { Database } from "../db/schema";
import type { UserMail } from "../users/mail";
import { brandsFeed } from "./feeds/brands";
import { categoriesFeed } from "./feeds/categories";
import { customersFeed } from "./feeds/customers";
import type { Feed, FeedPlan } from "./feeds/plan";
import { productsFeed } from "./feeds/products";
import { shippingFeed } from "./feeds/shipping";
import { stockFeed } from "./feeds/stock";
import { usersFeed } from "./feeds/users";
import { priceGroupsFeed } from "./feeds/price-groups";
import { pricesFeed } from "./feeds/prices";
import { readSheetRows } from "./reader/read";
import { issueText, readTable, type LineIssue } from "./reader/table";

const FEEDS: Record<ImportFeed, Feed> = {
  categories: categoriesFeed,
  brands: brandsFeed,
  products: productsFeed,
  stock: stockFeed,
  shipping: shippingFeed,
  customers: customersFeed,
  users: usersFeed,
  "price-groups": priceGroupsFeed,
  prices: pricesFeed,
};

/** The query's options; `full` and `invite` may be left out (they are false then). */
export type ImportOptions = Omit<ImportQuery, "full" | "invite"> & Partial<Pick<ImportQuery, "full" | "invite">>;

/** Who imports and how its accounts are told (customers and users): the service token's name, the clock, the mail. */
export interface ImportCaller {
  author: string;
  now: Date;
  mail: UserMail;
}

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
  if (report.applied) return `Fichier appliqué : ${figures}.${invitationsSentence(report)}`;
  if (report.dry_run) return `Essai (--dry-run), rien n'est enregistré : ${figures}.${invitationsSentence(report)}`;
  return `Rien n'est enregistré : ${refused} ligne(s) refusée(s). Corrigez-les, ou relancez avec --skip-invalid pour appliquer les lignes valides.`;
}

/** « 3 invitation(s) envoyée(s). », said of what would be sent on a dry run, and of the e-mails that failed. */
function invitationsSentence(report: Omit<ImportReport, "message">): string {
  const invitations = report.invitations;
  if (!invitations) return "";
  if (report.dry_run) return ` ${invitations.accounts} invitation(s) seraient envoyée(s).`;
  const missing = invitations.accounts - invitations.sent;
  if (missing === 0) return ` ${invitations.sent} invitation(s) envoyée(s).`;
  return ` ${invitations.sent} invitation(s) envoyée(s) sur ${invitations.accounts} : ${missing} e-mail(s) n'ont pas pu partir (voir le journal du portail) ; renvoyez-les depuis la page Utilisateurs du client.`;
}

/**
 * One import, from the file's bytes to its report, in one transaction: the file is read, the
 * feed plans its upsert on the database's state, and the plan is written only when it is not
 * a dry run and no line was refused (or --skip-invalid was asked). What must wait for the
 * commit (the invitations' e-mails) is done after it. Throws FeedFileError when the file as a
 * whole cannot be read. `onProgress` hears the phases and the rows written (import jobs).
 */
export async function runImport(
  db: Kysely<Database>,
  feedName: ImportFeed,
  bytes: Uint8Array,
  options: ImportOptions,
  caller: ImportCaller,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportReport> {
  const feed = FEEDS[feedName];
  onProgress({ phase: "reading", rows: null, written: 0 });
  const table = readTable(await readSheetRows(bytes), feed.columns);
  const rows = table.records.length + new Set(table.issues.map((issue) => issue.line)).size;
  let written: FeedPlan | null = null;
  let report: ImportReport;
  try {
    report = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`.execute(trx);
      onProgress({ phase: "checking", rows, written: 0 });
      const plan = await feed.plan(trx, table.records, {
        fields: table.fields,
        full: options.full ?? false,
        refusedLines: table.issues.length > 0,
        invite: options.invite ?? false,
        ...caller,
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
        ...(plan.invitations !== undefined && (apply || options.dry_run) ? { invitations: { accounts: plan.invitations, sent: 0 } } : {}),
      };
      if (!apply) throw new NothingWritten({ ...base, message: summary(base) });
      onProgress({ phase: "writing", rows, written: 0 });
      await plan.write((count) => onProgress({ phase: "writing", rows, written: count }));
      written = plan;
      return { ...base, message: "" };
    });
  } catch (error) {
    if (error instanceof NothingWritten) return error.report;
    throw error;
  }
  const sent = (await (written as FeedPlan | null)?.afterCommit?.()) ?? 0;
  const done = report.invitations ? { ...report, invitations: { ...report.invitations, sent } } : report;
  return { ...done, message: summary(done) };
}
