import { sql, type Kysely } from "kysely";
import { parisDate } from "@shared/domain/index";
import type { Database } from "../db/schema";
import type { ErrorLogger } from "../http/errors";
import type { AlertDispatcher } from "./dispatcher";

/** How often the pass runs: « échue » is a matter of days, an hour late is nothing. */
export const DEFAULT_OVERDUE_EVERY_MS = 60 * 60 * 1000;
/** Invoices due longer ago than this are not alerted any more (a first start on old data). */
export const OVERDUE_LOOKBACK_DAYS = 60;

export interface OverdueJobDeps {
  db: Kysely<Database>;
  alerts: Pick<AlertDispatcher, "dispatch">;
  logger: ErrorLogger;
  now: () => Date;
  everyMs?: number;
}

/**
 * The « facture échue » alert (docs/alerts.md): every hour of the back-office's clock, each
 * invoice (not a credit note) past its due date and not fully paid is told, once: the
 * dispatcher's alert_deliveries key `invoice_overdue:<id>` makes every later pass a no-op for
 * those already told. Same shape as the quotes' reminder job (quotes/mail/reminders.ts).
 */
export class InvoiceOverdueJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number[]> | null = null;

  constructor(private readonly deps: OverdueJobDeps) {}

  start(firstRunMs = 60 * 1000): void {
    if (this.timer) return;
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.runOnce().finally(() => {
          if (this.timer) tick(this.deps.everyMs ?? DEFAULT_OVERDUE_EVERY_MS);
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

  /** One pass now; resolves with the invoices told in it. Joins the pass under way. */
  runOnce(): Promise<number[]> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number[]> {
    const told: number[] = [];
    try {
      const today = parisDate(this.deps.now());
      const overdue = await this.deps.db
        .selectFrom("invoices as i")
        .select("i.id")
        .where("i.kind", "=", "facture")
        .where("i.due_on", "<", today)
        .where("i.due_on", ">=", sql<string>`${today}::date - ${OVERDUE_LOOKBACK_DAYS}::int`)
        .where(({ eb, selectFrom }) =>
          eb(
            "i.total_ttc",
            ">",
            selectFrom("invoice_payments as p")
              .select(sql<number>`coalesce(sum(p.amount), 0)`.as("paid"))
              .whereRef("p.invoice_id", "=", "i.id"),
          ),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("alert_deliveries as d")
                .select("d.id")
                .whereRef("d.event_key", "=", sql<string>`'invoice_overdue:' || i.id`),
            ),
          ),
        )
        .orderBy("i.id")
        .execute();
      for (const { id } of overdue) {
        if ((await this.deps.alerts.dispatch({ kind: "invoice_overdue", invoiceId: id })) > 0) told.push(id);
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, "invoice overdue alerts failed");
    }
    return told;
  }
}
