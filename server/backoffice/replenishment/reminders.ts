import type { Kysely } from "kysely";
import { REMINDER_DAYS_BEFORE } from "@shared/contracts/replenishment";
import { parisDate } from "@shared/domain/index";
import { addDays } from "@shared/domain/replenishment";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database } from "../db/schema";

/**
 * The reminder before a run (docs/replenishment.md): from REMINDER_DAYS_BEFORE days before the
 * next run until the day before, once per schedule and date. The schedule's
 * `reminder_sent_for` is claimed by a single update (two processes: one wins), then the owner
 * is told through the alerts, whose key (schedule and date) sends it once again.
 */
export async function sendReminders(db: Kysely<Database>, alerts: AlertNotifier, now: Date): Promise<number[]> {
  const today = parisDate(now);
  const claimed = await db
    .updateTable("replenishment_schedules")
    .set((eb) => ({ reminder_sent_for: eb.ref("next_run") }))
    .where("status", "=", "active")
    .where("next_run", ">", today)
    .where("next_run", "<=", addDays(today, REMINDER_DAYS_BEFORE))
    .where((eb) => eb.or([eb("reminder_sent_for", "is", null), eb("reminder_sent_for", "<>", eb.ref("next_run"))]))
    .returning(["id", "next_run"])
    .execute();
  for (const row of claimed) alerts.notify({ kind: "replenishment_reminder", scheduleId: row.id, runDate: row.next_run });
  return claimed.map((row) => row.id).sort((a, b) => a - b);
}
