import type { Kysely } from "kysely";
import type { ImportCounts, ImportFeed, ImportQuery, ImportReport } from "@shared/contracts/imports";
import type { Database } from "../db/schema";
import type { UserMail } from "../users/mail";
import { brandsFeed } from "./feeds/brands";
import { categoriesFeed } from "./feeds/categories";
import { customersFeed } from "./feeds/customers";
import type { Feed, FeedPlan } from "./feeds/plan";
import { usersFeed } from "./feeds/users";
import { readSheetRows } from "./reader/read";
import { issueText, readTable, type LineIssue } from "./reader/table";

const FEEDS: Record<ImportFeed, Feed> = { categories: categoriesFeed, brands: brandsFeed, customers: customersFeed, users: usersFeed };

/** Who imports and how its accounts are told (customers and users): the service token's name, the clock, the mail. */
export interface ImportCaller {
  author: string;
  now: Date;
  mail: UserMail;
}

/** Rolls the import's transaction back once its report is known (a dry run, refused lines). */
class NothingWritten extends Error {
  constructor(readonly report: ImportReport) {
    super("nothing written");
  }
}

function summary(report: Omit<ImportReport, "message">): string {
  const { created, updated, unchanged, refused } = report.counts;
  const figures = `${created} créée(s), ${updated} modifiée(s), ${unchanged} inchangée(s), ${refused} ligne(s) refusée(s)`;
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
 * whole cannot be read.
 */
export async function runImport(
  db: Kysely<Database>,
  feedName: ImportFeed,
  bytes: Uint8Array,
  options: ImportQuery,
  caller: ImportCaller,
): Promise<ImportReport> {
  const feed = FEEDS[feedName];
  const table = readTable(await readSheetRows(bytes), feed.columns);
  let written: FeedPlan | null = null;
  let report: ImportReport;
  try {
    report = await db.transaction().execute(async (trx) => {
      const plan = await feed.plan(trx, table.records, { fields: table.fields, invite: options.invite, ...caller });
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
      await plan.write();
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
