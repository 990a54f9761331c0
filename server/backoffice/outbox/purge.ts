import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";

/**
 * The outbox keeps each event 90 days (docs/integration.md « Événements »): long enough for an
 * ERP that polls to come back from a holiday, short enough that the table stays the size of a
 * quarter of business. Set-aside events stay until replayed: nobody has received them yet.
 */
export const OUTBOX_RETENTION_DAYS = 90;
const EVERY_MS = 60 * 60 * 1000;

export async function purgeOutbox(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
  const result = await db
    .deleteFrom("outbox_events")
    .where("occurred_at", "<", cutoff)
    .where("delivery", "<>", "set_aside")
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Runs the purge every hour until `signal` aborts (servers); a failure is logged and tried again next hour. */
export function scheduleOutboxPurge(db: Kysely<Database>, now: () => Date, logger: ErrorLogger, signal: AbortSignal): void {
  const timer = setInterval(() => {
    purgeOutbox(db, now()).catch((error: unknown) => logger.error({ err: error }, "outbox purge failed"));
  }, EVERY_MS);
  timer.unref();
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}
