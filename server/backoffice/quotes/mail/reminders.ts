import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ErrorLogger } from "../../http/errors";
import { claimExpiringQuotes, persistExpiredQuotes } from "../expiry";
import type { QuoteMailNotifier } from "./notifier";

/** Days before the validity date the requester is reminded. */
export const DEFAULT_QUOTE_REMINDER_DAYS = 3;
/** How often the job runs; reminders are days ahead, an hour late is nothing. */
export const DEFAULT_QUOTE_REMINDER_EVERY_MS = 60 * 60 * 1000;
/** The first pass after a start: soon, but not in the middle of the server's warm-up. */
export const QUOTE_REMINDER_FIRST_RUN_MS = 60 * 1000;

export interface QuoteReminderOptions {
  everyMs?: number;
  withinDays?: number;
}

export interface QuoteReminderDeps extends QuoteReminderOptions {
  db: Kysely<Database>;
  notifier: Pick<QuoteMailNotifier, "remind">;
  logger: ErrorLogger;
  now: () => Date;
}

export interface QuoteReminderRun {
  /** Quotes whose lapsed proposal was persisted as « expiré ». */
  expired: number[];
  /** Quotes whose requester was reminded. */
  reminded: number[];
}

/**
 * The scheduled job of the quotes (docs/quotes-mail.md), started by createBackofficeApi when it
 * has a mailer: every hour of the back-office's clock it persists the expiry of proposals past
 * their validity (« expiré », an « expired » event by the system: reading already shows them
 * expired, this writes it down: quotes/expiry.ts persistExpiredQuotes), then reminds the
 * requester of each proposal expiring within `withinDays` days, once per proposal
 * (claimExpiringQuotes marks it and adds its « reminded » event in the same transaction, so two
 * passes or two processes never remind twice). One pass at a time; its timer never keeps the
 * process alive.
 */
export class QuoteReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<QuoteReminderRun> | null = null;
  private readonly everyMs: number;
  private readonly withinDays: number;

  constructor(private readonly deps: QuoteReminderDeps) {
    this.everyMs = deps.everyMs ?? DEFAULT_QUOTE_REMINDER_EVERY_MS;
    this.withinDays = deps.withinDays ?? DEFAULT_QUOTE_REMINDER_DAYS;
  }

  start(firstRunMs = QUOTE_REMINDER_FIRST_RUN_MS): void {
    if (this.timer) return;
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.runOnce().finally(() => {
          if (this.timer) tick(this.everyMs);
        });
      }, delay);
      this.timer.unref();
    };
    tick(firstRunMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One pass now (the timer's, or a test's after moving the clock); joins the pass under way. */
  runOnce(): Promise<QuoteReminderRun> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<QuoteReminderRun> {
    const now = this.deps.now();
    const run: QuoteReminderRun = { expired: [], reminded: [] };
    try {
      run.expired = await persistExpiredQuotes(this.deps.db, now);
      const claimed = await claimExpiringQuotes(this.deps.db, now, this.withinDays);
      for (const { quo_id } of claimed) {
        // Claimed means told: a failed send is logged by the notifier, not retried (no second reminder).
        await this.deps.notifier.remind(quo_id);
        run.reminded.push(quo_id);
      }
    } catch (error) {
      // Housekeeping: the quotes still read right (expiry is computed), the next pass tries again.
      this.deps.logger.error({ err: error }, "quote reminder job failed");
    }
    return run;
  }
}
