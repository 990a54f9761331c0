import type { Kysely } from "kysely";
import type { ImportCounts } from "@shared/contracts/imports";
import type { Database } from "../../db/schema";
import type { FeedColumn } from "../reader/columns";
import type { FeedRecord, LineIssue } from "../reader/table";

/** What a feed would do with the file's valid records, and the lines it refuses on the database's state. */
export interface FeedPlan {
  issues: LineIssue[];
  counts: Omit<ImportCounts, "refused">;
  /** Writes the plan with the transaction it was made with, telling how many rows are written as it goes (a progress bar). */
  write(progress?: (written: number) => void): Promise<void>;
}

/** What a feed may need beyond the valid records. */
export interface PlanContext {
  /** The fields whose column is in the file's header. */
  present: ReadonlySet<string>;
  /** `full` was asked (products only, FULL_IMPORT_FEEDS). */
  full: boolean;
  /** The reader refused some lines of the file already. */
  refusedLines: boolean;
}

export interface Feed {
  columns: readonly FeedColumn[];
  /** Reads what it needs in `trx` (the import's transaction) and plans the upsert. */
  plan(trx: Kysely<Database>, records: readonly FeedRecord[], context: PlanContext): Promise<FeedPlan>;
}

/** A record's text field (the reader gives text for reference and text columns). */
export function text(record: FeedRecord, field: string): string | null {
  const value = record.values[field];
  return typeof value === "string" && value !== "" ? value : null;
}
