import type { Kysely } from "kysely";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import { sendReminders } from "./reminders";
import { runDueSchedules, type RunResult } from "./runner";

/** A minute: a run is due on its day, so a minute late is nothing, and a restart catches up at once. */
export const DEFAULT_REPLENISHMENT_EVERY_MS = 60 * 1000;

export interface ReplenishmentJobDeps {
  db: Kysely<Database>;
  alerts: AlertNotifier;
  logger: ErrorLogger;
  now: () => Date;
  everyMs?: number;
}

/**
 * The replenishment schedules' clock (docs/replenishment.md): a pass at start (the catch-up of
 * what a stopped service missed, decision 0199), then one every `everyMs`; each pass runs the
 * due schedules, then sends the reminders. Its timer never keeps the process alive, and it
 * stops with the back-office (createBackofficeApi's signal).
 */
export class ReplenishmentJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RunResult[]> | null = null;

  constructor(private readonly deps: ReplenishmentJobDeps) {}

  start(): void {
    if (this.timer) return;
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.runOnce().finally(() => {
          if (this.timer) tick(this.deps.everyMs ?? DEFAULT_REPLENISHMENT_EVERY_MS);
        });
      }, delay);
      this.timer.unref();
    };
    tick(0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One pass now; joins the pass under way. */
  runOnce(): Promise<RunResult[]> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<RunResult[]> {
    try {
      const now = this.deps.now();
      const results = await runDueSchedules(this.deps, now);
      await sendReminders(this.deps.db, this.deps.alerts, now);
      return results;
    } catch (error) {
      this.deps.logger.error({ err: error }, "replenishment pass failed");
      return [];
    }
  }
}
