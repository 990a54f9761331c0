import type { Kysely, Selectable } from "kysely";
import type { ScheduleDetail, ScheduleRun, ScheduleSummary } from "@shared/contracts/replenishment";
import { upcomingRuns } from "@shared/domain/replenishment";
import type { Database, ReplenishmentSchedulesTable } from "../db/schema";

/**
 * A replenishment schedule as the contract shows it (shared/contracts/replenishment.ts): its
 * list's name, its delivery address's label, its last run, and, in the detail, its next five
 * dates and its runs newest first with the order or approval request each made.
 */

type Reader = Kysely<Database>;
export type ScheduleRow = Selectable<ReplenishmentSchedulesTable>;

/** How many dates the detail shows ahead. */
export const UPCOMING_COUNT = 5;
/** How many runs the detail shows (a weekly schedule makes 52 a year). */
const RUNS_SHOWN = 60;

function selectSchedules(db: Reader) {
  return db
    .selectFrom("replenishment_schedules as s")
    .innerJoin("order_lists as l", "l.id", "s.list_id")
    .leftJoin("addresses as a", "a.id", "s.dlv_address_id")
    .selectAll("s")
    .select(["l.name as list_name", "a.name as address_name", "a.zipcode as address_zipcode", "a.city as address_city"]);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSchedules>["execute"]>>[number];

function selectRuns(db: Reader) {
  return db
    .selectFrom("replenishment_runs as r")
    .leftJoin("orders as o", "o.id", "r.order_id")
    .leftJoin("approval_requests as v", "v.id", "r.approval_id")
    .selectAll("r")
    .select(["o.ref as order_ref", "v.number as approval_number"]);
}
type RunRow = Awaited<ReturnType<ReturnType<typeof selectRuns>["execute"]>>[number];

export function runView(row: RunRow): ScheduleRun {
  return {
    run_date: row.run_date,
    outcome: row.outcome,
    at: row.at.toISOString(),
    reason: row.reason,
    order_id: row.order_id,
    order_ref: row.order_ref,
    approval_id: row.approval_id,
    approval_number: row.approval_number,
  };
}

function summaryView(row: SummaryRow, lastRun: RunRow | undefined, canEdit: boolean): ScheduleSummary {
  return {
    id: row.id,
    name: row.name,
    list_id: row.list_id,
    list_name: row.list_name,
    rhythm: { every: row.every, unit: row.unit, day: row.day },
    status: row.status,
    next_run: row.status === "active" ? row.next_run : null,
    skipped_date: row.skipped_date,
    dlv_address_id: row.dlv_address_id,
    dlv_address_label:
      row.address_name === null ? null : `${row.address_name}, ${row.address_zipcode ?? ""} ${row.address_city ?? ""}`.trim(),
    max_price_increase_pct: row.max_price_increase_pct,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    last_run: lastRun ? runView(lastRun) : null,
    can_edit: canEdit,
  };
}

/** The last thing that happened to each schedule: its latest run row (a skip included). */
async function lastRuns(db: Reader, ids: readonly number[]): Promise<Map<number, RunRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRuns(db)
    .where("r.schedule_id", "in", [...ids])
    .distinctOn("r.schedule_id")
    .orderBy("r.schedule_id")
    .orderBy("r.at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return new Map(rows.map((row) => [row.schedule_id, row]));
}

/** The organization's schedules, or only `ownerId`'s; `canEdit` says which the caller may change. */
export async function listSchedules(
  db: Reader,
  orgId: number,
  ownerId: number | null,
  canEdit: (row: ScheduleRow) => boolean,
): Promise<ScheduleSummary[]> {
  let query = selectSchedules(db).where("s.org_id", "=", orgId);
  if (ownerId !== null) query = query.where("s.owner_id", "=", ownerId);
  const rows = await query.orderBy("s.name").orderBy("s.id").execute();
  const last = await lastRuns(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryView(row, last.get(row.id), canEdit(row)));
}

/** One schedule of the organization, the raw row (undefined: none such). */
export async function findSchedule(db: Reader, orgId: number, id: number): Promise<ScheduleRow | undefined> {
  return db.selectFrom("replenishment_schedules").selectAll().where("id", "=", id).where("org_id", "=", orgId).executeTakeFirst();
}

export async function scheduleSummaryOf(db: Reader, id: number, canEdit: boolean): Promise<ScheduleSummary> {
  const row = await selectSchedules(db).where("s.id", "=", id).executeTakeFirstOrThrow();
  return summaryView(row, (await lastRuns(db, [id])).get(id), canEdit);
}

export async function scheduleDetailOf(db: Reader, id: number, canEdit: boolean): Promise<ScheduleDetail> {
  const summary = await scheduleSummaryOf(db, id, canEdit);
  const runs = await selectRuns(db)
    .where("r.schedule_id", "=", id)
    .orderBy("r.run_date", "desc")
    .orderBy("r.id", "desc")
    .limit(RUNS_SHOWN)
    .execute();
  return {
    ...summary,
    upcoming: summary.next_run === null ? [] : upcomingRuns(summary.rhythm, summary.next_run, UPCOMING_COUNT),
    runs: runs.map(runView),
  };
}
