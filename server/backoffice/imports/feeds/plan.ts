import type { Kysely } from "kysely";
import type { ImportCounts } from "@shared/contracts/imports";
import type { Database } from "../../db/schema";
import type { UserMail } from "../../users/mail";
import type { FeedColumn } from "../reader/columns";
import type { FeedRecord, LineIssue } from "../reader/table";

/** What a feed would do with the file's valid records, and the lines it refuses on the database's state. */
export interface FeedPlan {
  issues: LineIssue[];
  counts: Omit<ImportCounts, "refused">;
  /** The accounts write() invites (customers and users with `invite`): their e-mails leave after the commit. */
  invitations?: number;
  /** Writes the plan with the transaction it was made with, telling how many rows are written as it goes (a progress bar). */
  write(progress?: (written: number) => void): Promise<void>;
  /** Once the import's transaction has committed: sends what write() prepared; resolves to the e-mails that left. */
  afterCommit?(): Promise<number>;
}

/** What a feed knows of the import beyond its records. */
export interface FeedContext {
  /** The fields whose column is in the file's header: a column left out leaves its field as it is. */
  fields: ReadonlySet<string>;
  /** `full` was asked (products only, FULL_IMPORT_FEEDS). */
  full: boolean;
  /** The reader refused some lines of the file already. */
  refusedLines: boolean;
  /** `--invite`: e-mail an invitation to each account the import creates (customers and users). */
  invite: boolean;
  /** The system importing (its service token's name): the author of the accounts' history lines. */
  author: string;
  now: Date;
  /** The accounts' e-mails (docs/users.md): the invitations leave through it after the commit. */
  mail: UserMail;
}

export interface Feed {
  columns: readonly FeedColumn[];
  /** Reads what it needs in `trx` (the import's transaction) and plans the upsert. */
  plan(trx: Kysely<Database>, records: readonly FeedRecord[], context: FeedContext): Promise<FeedPlan>;
}

/** A record's text field (the reader gives text for reference and text columns). */
export function text(record: FeedRecord, field: string): string | null {
  const value = record.values[field];
  return typeof value === "string" && value !== "" ? value : null;
}

/** A record's yes/no field (the reader gives false for an empty cell). */
export function yes(record: FeedRecord, field: string): boolean {
  return record.values[field] === true;
}
