import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { ImportJobView, ImportProgress } from "@shared/contracts/import-jobs";
import type { ImportFeed, ImportQuery, ImportReport } from "@shared/contracts/imports";
import type { Database, ImportJobsTable } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import { FeedFileError } from "./reader/errors";
import type { UserMail } from "../users/mail";
import { runImport } from "./run";

/** A queued or running job whose heartbeat is older than this was interrupted (its process stopped). */
export const HEARTBEAT_STALE_MS = 30_000;
const HEARTBEAT_EVERY_MS = 5_000;
/** Files waiting in this process at most (each up to 50 MB in memory): more is a 503. */
export const MAX_WAITING_IMPORTS = 4;

export const INTERRUPTED = "Import interrompu (le portail a redémarré) : rien n'est enregistré, renvoyez le fichier.";
export const FAILED =
  "L'import a échoué sur une erreur du portail : rien n'est enregistré. Réessayez ; si l'erreur persiste, prévenez l'équipe du portail.";

export class TooManyImports extends Error {
  constructor() {
    super(`${MAX_WAITING_IMPORTS} imports attendent déjà leur tour sur ce portail : réessayez dans une minute.`);
  }
}

export interface ImportJobsDeps {
  db: Kysely<Database>;
  now: () => Date;
  logger: ErrorLogger;
  /** The accounts' e-mails: the invitations of the customers and users feeds (`invite`). */
  mail: UserMail;
  /** Awaited after each applied import, before the job ends: the catalogue's caches and read model catch up (app.ts). */
  onApplied: () => Promise<void>;
}

interface Submitted {
  view: ImportJobView;
  /** Settles when the job ends: its report, or the reason it failed. */
  done: Promise<{ report: ImportReport } | { error: string; unreadable: boolean }>;
}

/**
 * The imports of this process, one at a time in the order they came (docs/integration.md):
 * each is a row of import_jobs, its progress kept here while it runs and its report written
 * when it ends. Imports through other processes wait on the database's lock (run.ts). A job
 * whose process stopped stops beating and is read as failed: its transaction never committed.
 */
export class ImportJobs {
  private readonly instance = randomUUID();
  private readonly live = new Map<number, ImportProgress | null>();
  private tail: Promise<unknown> = Promise.resolve();
  private beating = false;
  private recording = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly deps: ImportJobsDeps) {
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_EVERY_MS);
    this.heartbeat.unref();
  }

  /** Records the job and queues it; the answer comes before it runs. */
  async submit(feed: ImportFeed, bytes: Uint8Array, options: ImportQuery, serviceName: string): Promise<Submitted> {
    // Counted before the insert's await, so that files sent together cannot all pass the check.
    if (this.live.size + this.recording >= MAX_WAITING_IMPORTS) throw new TooManyImports();
    this.recording += 1;
    const row = await this.deps.db
      .insertInto("import_jobs")
      .values({
        feed,
        options: JSON.stringify(options),
        file_bytes: bytes.length,
        service_name: serviceName,
        instance: this.instance,
        state: "queued",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
      .finally(() => (this.recording -= 1));
    this.live.set(row.id, null);
    const done = this.enqueue(row.id, feed, bytes, options, serviceName);
    const view = await this.view(row.id);
    if (!view) throw new Error(`import job ${row.id} vanished`);
    return { view, done };
  }

  async view(id: number): Promise<ImportJobView | null> {
    const row = await this.deps.db.selectFrom("import_jobs").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? this.viewOf(row) : null;
  }

  async list(limit: number): Promise<ImportJobView[]> {
    const rows = await this.deps.db.selectFrom("import_jobs").selectAll().orderBy("id", "desc").limit(limit).execute();
    return rows.map((row) => this.viewOf(row));
  }

  /** Stops the heartbeat (the server closes); a running import finishes or rolls back with the database. */
  close(): void {
    clearInterval(this.heartbeat);
  }

  private enqueue(id: number, feed: ImportFeed, bytes: Uint8Array, options: ImportQuery, serviceName: string): Submitted["done"] {
    const done = this.tail.then(() => this.run(id, feed, bytes, options, serviceName));
    this.tail = done.catch(() => undefined);
    return done;
  }

  private async run(
    id: number,
    feed: ImportFeed,
    bytes: Uint8Array,
    options: ImportQuery,
    serviceName: string,
  ): Promise<Awaited<Submitted["done"]>> {
    const { db, logger } = this.deps;
    try {
      this.live.set(id, { phase: "reading", rows: null, written: 0 });
      await db
        .updateTable("import_jobs")
        .set({ state: "running", heartbeat_at: sql`now()` })
        .where("id", "=", id)
        .execute();
      const caller = { author: serviceName, now: this.deps.now(), mail: this.deps.mail };
      const report = await runImport(db, feed, bytes, options, caller, (progress) => this.live.set(id, progress));
      if (report.applied) await this.deps.onApplied();
      await this.finish(id, { state: "done", report: JSON.stringify(report) });
      return { report };
    } catch (error) {
      const unreadable = error instanceof FeedFileError;
      if (!unreadable) logger.error({ err: error, importJob: id, feed }, "import failed");
      const message = unreadable ? error.message : FAILED;
      await this.finish(id, { state: "failed", error: message }).catch((failure: unknown) =>
        logger.error({ err: failure, importJob: id }, "import job: could not record its failure"),
      );
      return { error: message, unreadable };
    } finally {
      this.live.delete(id);
    }
  }

  private async finish(id: number, end: { state: "done"; report: string } | { state: "failed"; error: string }): Promise<void> {
    await this.deps.db
      .updateTable("import_jobs")
      .set({ ...end, finished_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  }

  /** One statement at a time: on PGlite it waits behind a running import's transaction. */
  private beat(): void {
    if (this.beating || this.live.size === 0) return;
    this.beating = true;
    this.deps.db
      .updateTable("import_jobs")
      .set({ heartbeat_at: sql`now()` })
      .where("id", "in", [...this.live.keys()])
      .execute()
      .catch((error: unknown) => this.deps.logger.error({ err: error }, "import jobs: heartbeat failed"))
      .finally(() => (this.beating = false));
  }

  private viewOf(row: Selectable<ImportJobsTable>): ImportJobView {
    const running = row.state === "queued" || row.state === "running";
    const here = this.live.has(row.id);
    // Another process's job that stopped beating, or one of this process's it no longer runs: interrupted.
    const interrupted =
      running && (row.instance === this.instance ? !here : Date.now() - new Date(row.heartbeat_at).getTime() > HEARTBEAT_STALE_MS);
    return {
      id: row.id,
      feed: row.feed as ImportFeed,
      options: row.options,
      file_bytes: row.file_bytes,
      service_name: row.service_name,
      state: interrupted ? "failed" : row.state,
      progress: running && !interrupted ? (this.live.get(row.id) ?? null) : null,
      report: (row.report as ImportReport | null) ?? null,
      error: interrupted ? INTERRUPTED : row.error,
      created_at: new Date(row.created_at).toISOString(),
      finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    };
  }
}
