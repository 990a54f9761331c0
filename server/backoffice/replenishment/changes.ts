import type { Kysely, Transaction } from "kysely";
import type { CreateScheduleRequest, UpdateScheduleRequest } from "@shared/contracts/replenishment";
import type { SCHEDULE_CHANGES } from "@shared/contracts/outbox";
import { firstRun, nextRun, runsUntil, addDays, type Rhythm } from "@shared/domain/replenishment";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { scheduleSummaryOf, type ScheduleRow } from "./views";

/**
 * The changes a person makes to a schedule (docs/replenishment.md), each in one transaction
 * with the schedule's row locked (the runner locks it too: a change never crosses a run) and
 * its replenishment.schedule_changed event for the ERP, which forecasts the customer's orders.
 */

type Change = (typeof SCHEDULE_CHANGES)[number];

/** Who acts: the owner of a new schedule, and the name recorded on a skip and in the events. */
export interface Actor {
  orgId: number;
  userId: number;
  /** The schedule's owner name when it creates one. */
  ownerName: string;
  /** The person acting (the representative after login-as), for the records. */
  by: string;
  /** Today in France and the instant. */
  today: string;
  now: Date;
}

const LIST_REFUSED = "Cette liste n'existe pas ou n'est pas partagée avec vous : choisissez une de vos listes ou une liste partagée.";
const ADDRESS_REFUSED = "Cette adresse de livraison n'est pas enregistrée pour votre organisation : choisissez-en une dans la liste.";
const START_PAST = "La date de début est passée : choisissez aujourd'hui ou une date à venir.";

/** The list must be one the schedule's owner sees: shared in the organization, or its own. */
async function assertListVisible(trx: Transaction<Database>, orgId: number, ownerId: number, listId: number): Promise<void> {
  const list = await trx
    .selectFrom("order_lists")
    .select(["id", "owner_id", "shared"])
    .where("id", "=", listId)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
  if (!list || (!list.shared && list.owner_id !== ownerId)) {
    throw new ApiFailure(422, "unknown_list", LIST_REFUSED, { issues: [{ path: "list_id", message: LIST_REFUSED }] });
  }
}

async function assertAddressSaved(trx: Transaction<Database>, orgId: number, addressId: number): Promise<void> {
  const found = await trx.selectFrom("addresses").select("id").where("id", "=", addressId).where("org_id", "=", orgId).executeTakeFirst();
  if (!found)
    throw new ApiFailure(422, "unknown_address", ADDRESS_REFUSED, { issues: [{ path: "dlv_address_id", message: ADDRESS_REFUSED }] });
}

function assertStart(start: string, today: string): void {
  if (start < today) throw new ApiFailure(422, "start_in_past", START_PAST, { issues: [{ path: "start", message: START_PAST }] });
}

/** The first date on or after `from` that the rhythm gives and that has no run yet (a date skipped stays skipped). */
async function firstFreeDate(trx: Transaction<Database>, scheduleId: number | null, rhythm: Rhythm, from: string): Promise<string> {
  let date = firstRun(rhythm, from);
  if (scheduleId === null) return date;
  const taken = new Set(
    (
      await trx
        .selectFrom("replenishment_runs")
        .select("run_date")
        .where("schedule_id", "=", scheduleId)
        .where("run_date", ">=", from)
        .execute()
    ).map((row) => row.run_date),
  );
  while (taken.has(date)) date = nextRun(rhythm, date);
  return date;
}

async function recordChange(trx: Transaction<Database>, change: Change, actor: Actor, scheduleId: number): Promise<void> {
  const { can_edit: _canEdit, ...schedule } = await scheduleSummaryOf(trx, scheduleId, false);
  await recordOutboxEvent(trx, {
    type: "replenishment.schedule_changed",
    stream: `schedule:${scheduleId}`,
    orgId: actor.orgId,
    at: actor.now,
    data: { customer: await eventCustomerOf(trx, actor.orgId), change, by: actor.by, schedule },
  });
}

async function lockSchedule(trx: Transaction<Database>, row: ScheduleRow): Promise<ScheduleRow> {
  return trx.selectFrom("replenishment_schedules").selectAll().where("id", "=", row.id).forUpdate().executeTakeFirstOrThrow();
}

export async function createSchedule(db: Kysely<Database>, actor: Actor, body: CreateScheduleRequest): Promise<number> {
  assertStart(body.start, actor.today);
  return db.transaction().execute(async (trx) => {
    await assertListVisible(trx, actor.orgId, actor.userId, body.list_id);
    await assertAddressSaved(trx, actor.orgId, body.dlv_address_id);
    const { id } = await trx
      .insertInto("replenishment_schedules")
      .values({
        org_id: actor.orgId,
        owner_id: actor.userId,
        owner_name: actor.ownerName,
        name: body.name,
        list_id: body.list_id,
        every: body.rhythm.every,
        unit: body.rhythm.unit,
        day: body.rhythm.day,
        next_run: firstRun(body.rhythm, body.start),
        dlv_address_id: body.dlv_address_id,
        max_price_increase_pct: body.max_price_increase_pct,
        price_basis: "{}",
        created_at: actor.now,
        updated_at: actor.now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordChange(trx, "created", actor, id);
    return id;
  });
}

export async function updateSchedule(db: Kysely<Database>, actor: Actor, found: ScheduleRow, body: UpdateScheduleRequest): Promise<void> {
  if (body.start !== undefined) assertStart(body.start, actor.today);
  await db.transaction().execute(async (trx) => {
    const row = await lockSchedule(trx, found);
    if (body.list_id !== undefined) await assertListVisible(trx, actor.orgId, row.owner_id, body.list_id);
    if (body.dlv_address_id !== undefined) await assertAddressSaved(trx, actor.orgId, body.dlv_address_id);
    const rhythm: Rhythm = body.rhythm ?? { every: row.every, unit: row.unit, day: row.day };
    // A new rhythm or start: the next run is the rhythm's first free date from then (today at the earliest).
    const redate = body.rhythm !== undefined || body.start !== undefined;
    const nextDate = redate ? await firstFreeDate(trx, row.id, rhythm, body.start ?? actor.today) : row.next_run;
    await trx
      .updateTable("replenishment_schedules")
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.list_id !== undefined ? { list_id: body.list_id } : {}),
        ...(body.dlv_address_id !== undefined ? { dlv_address_id: body.dlv_address_id } : {}),
        ...(body.max_price_increase_pct !== undefined ? { max_price_increase_pct: body.max_price_increase_pct } : {}),
        every: rhythm.every,
        unit: rhythm.unit,
        day: rhythm.day,
        next_run: nextDate,
        ...(redate ? { skipped_date: null } : {}),
        updated_at: actor.now,
      })
      .where("id", "=", row.id)
      .execute();
    await recordChange(trx, "updated", actor, row.id);
  });
}

const NOT_ACTIVE = "Cette commande programmée est en pause : reprenez-la d'abord.";

/** Passes over the next run: a `skipped` run row for its date (the runner then finds it done), the following date next. */
export async function skipNext(db: Kysely<Database>, actor: Actor, found: ScheduleRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockSchedule(trx, found);
    if (row.status !== "active") throw new ApiFailure(409, "paused", NOT_ACTIVE);
    const rhythm: Rhythm = { every: row.every, unit: row.unit, day: row.day };
    await trx
      .insertInto("replenishment_runs")
      .values({ schedule_id: row.id, run_date: row.next_run, outcome: "skipped", at: actor.now, reason: `Sautée par ${actor.by}.` })
      .onConflict((oc) => oc.columns(["schedule_id", "run_date"]).doNothing())
      .execute();
    await trx
      .updateTable("replenishment_schedules")
      .set({
        skipped_date: row.next_run,
        next_run: await firstFreeDate(trx, row.id, rhythm, addDays(row.next_run, 1)),
        updated_at: actor.now,
      })
      .where("id", "=", row.id)
      .execute();
    await recordChange(trx, "skipped", actor, row.id);
  });
}

export async function pause(db: Kysely<Database>, actor: Actor, found: ScheduleRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockSchedule(trx, found);
    if (row.status === "paused") return;
    await trx.updateTable("replenishment_schedules").set({ status: "paused", updated_at: actor.now }).where("id", "=", row.id).execute();
    await recordChange(trx, "paused", actor, row.id);
  });
}

/** Active again from its next date on or after today, the rhythm kept from its last date (nothing missed while paused). */
export async function resume(db: Kysely<Database>, actor: Actor, found: ScheduleRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockSchedule(trx, found);
    if (row.status === "active") return;
    const rhythm: Rhythm = { every: row.every, unit: row.unit, day: row.day };
    const next = row.next_run >= actor.today ? row.next_run : runsUntil(rhythm, row.next_run, addDays(actor.today, -1)).next;
    await trx
      .updateTable("replenishment_schedules")
      .set({ status: "active", next_run: next, skipped_date: null, updated_at: actor.now })
      .where("id", "=", row.id)
      .execute();
    await recordChange(trx, "resumed", actor, row.id);
  });
}

/** Removes the schedule and its runs; its orders stay (their schedule_id becomes null). */
export async function removeSchedule(db: Kysely<Database>, actor: Actor, found: ScheduleRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockSchedule(trx, found);
    await recordChange(trx, "deleted", actor, row.id);
    await trx.deleteFrom("replenishment_schedules").where("id", "=", row.id).execute();
  });
}
