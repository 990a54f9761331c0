import { sql, type Kysely, type Selectable } from "kysely";
import type { EventDeliveryView, EventListResponse, OutboxEvent, OutboxEventType, ReplayResponse } from "@shared/contracts/outbox";
import type { Database, OutboxEventsTable } from "../db/schema";

/**
 * The outbox's queries (decisions 0182, 0183): what the deliverer claims and records, what the
 * polling call reads, what is set aside and replayed. Every one works the same on PGlite and on
 * PostgreSQL, where several processes share the table.
 */

export interface ClaimedEvent {
  id: number;
  stream: string;
  attempts: number;
  firstAttemptAt: Date;
  envelope: OutboxEvent;
}

type Row = Selectable<OutboxEventsTable>;

export function envelopeOf(row: Pick<Row, "event_id" | "type" | "occurred_at" | "data">): OutboxEvent {
  return {
    id: row.event_id,
    type: row.type as OutboxEventType,
    occurred_at: row.occurred_at.toISOString(),
    data: row.data as Record<string, unknown>,
  };
}

/**
 * Leases the heads of the streams that are due: pending, their time come, not leased by a live
 * process, and no earlier event of their stream undelivered. The row lock (`skip locked`) makes
 * two processes take different rows; the lease keeps a row theirs after this statement commits.
 */
export async function claimDue(db: Kysely<Database>, now: Date, leaseMs: number, batch: number): Promise<ClaimedEvent[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const { rows } = await sql<Pick<Row, "id" | "event_id" | "type" | "occurred_at" | "data" | "stream" | "attempts" | "first_attempt_at">>`
    with due as (
      select e.id from outbox_events e
      where e.delivery = 'pending'
        and e.next_attempt_at <= ${now}
        and (e.lease_until is null or e.lease_until < ${now})
        and not exists (
          select 1 from outbox_events p where p.stream = e.stream and p.delivery <> 'delivered' and p.id < e.id
        )
      order by e.id
      limit ${batch}
      for update of e skip locked
    )
    update outbox_events o
       set lease_until = ${leaseUntil}, attempts = o.attempts + 1, first_attempt_at = coalesce(o.first_attempt_at, ${now})
      from due
     where o.id = due.id
    returning o.id, o.event_id, o.type, o.occurred_at, o.data, o.stream, o.attempts, o.first_attempt_at`.execute(db);
  return rows
    .map((row) => ({
      id: Number(row.id),
      stream: row.stream,
      attempts: row.attempts,
      firstAttemptAt: row.first_attempt_at ?? now,
      envelope: envelopeOf(row),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markDelivered(db: Kysely<Database>, id: number, status: number, now: Date): Promise<void> {
  await db
    .updateTable("outbox_events")
    .set({ delivery: "delivered", delivered_at: now, lease_until: null, last_status: status, last_error: null })
    .where("id", "=", id)
    .where("delivery", "=", "pending")
    .execute();
}

export interface Failure {
  status: number | null;
  error: string;
}

export async function scheduleRetry(db: Kysely<Database>, id: number, failure: Failure, nextAt: Date): Promise<void> {
  await db
    .updateTable("outbox_events")
    .set({ next_attempt_at: nextAt, lease_until: null, last_status: failure.status, last_error: failure.error })
    .where("id", "=", id)
    .where("delivery", "=", "pending")
    .execute();
}

export const FOLLOWS_SET_ASIDE = "Mis de côté avec un événement précédent de la même commande (l'ordre est gardé).";

/** Sets an event aside after its retries, with the pending events behind it in its stream (kept in order). */
export async function setAside(db: Kysely<Database>, claimed: ClaimedEvent, failure: Failure, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("outbox_events")
      .set({ delivery: "set_aside", set_aside_at: now, lease_until: null, last_status: failure.status, last_error: failure.error })
      .where("id", "=", claimed.id)
      .where("delivery", "=", "pending")
      .execute();
    await setAsideFollowers(trx, now);
  });
}

/** Pending events behind a set-aside one in their stream follow it aside (also those written since). */
export async function setAsideFollowers(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await sql`
    update outbox_events e
       set delivery = 'set_aside', set_aside_at = ${now}, lease_until = null, last_error = ${FOLLOWS_SET_ASIDE}
     where e.delivery = 'pending'
       and exists (select 1 from outbox_events p where p.delivery = 'set_aside' and p.stream = e.stream and p.id < e.id)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

function deliveryView(row: Row): EventDeliveryView {
  return {
    cursor: String(row.id),
    id: row.event_id,
    type: row.type as OutboxEventType,
    occurred_at: row.occurred_at.toISOString(),
    stream: row.stream,
    delivery: row.delivery,
    attempts: row.attempts,
    first_attempt_at: row.first_attempt_at?.toISOString() ?? null,
    next_attempt_at: row.delivery === "pending" ? row.next_attempt_at.toISOString() : null,
    last_status: row.last_status,
    last_error: row.last_error,
    set_aside_at: row.set_aside_at?.toISOString() ?? null,
  };
}

export async function listSetAside(db: Kysely<Database>, limit: number): Promise<{ items: EventDeliveryView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom("outbox_events").selectAll().where("delivery", "=", "set_aside").orderBy("id").limit(limit).execute(),
    db
      .selectFrom("outbox_events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("delivery", "=", "set_aside")
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(deliveryView), total: Number(count.n) };
}

/**
 * Puts set-aside events back in the queue, due now with a fresh 24 hours; the named ones and,
 * to keep each stream's order, every set-aside event after them in their streams.
 */
export async function replay(db: Kysely<Database>, which: { ids: readonly string[] } | { all: true }, now: Date): Promise<ReplayResponse> {
  return db.transaction().execute(async (trx) => {
    let notSetAside: string[] = [];
    let streams: { stream: string; from: number }[] = [];
    if ("ids" in which) {
      const rows = await trx
        .selectFrom("outbox_events")
        .select(["id", "event_id", "stream", "delivery"])
        .where("event_id", "in", which.ids)
        .execute();
      const found = new Map(rows.map((row) => [row.event_id, row]));
      notSetAside = which.ids.filter((id) => found.get(id)?.delivery !== "set_aside");
      const firsts = new Map<string, number>();
      for (const row of rows) {
        if (row.delivery !== "set_aside") continue;
        firsts.set(row.stream, Math.min(firsts.get(row.stream) ?? Number.POSITIVE_INFINITY, Number(row.id)));
      }
      streams = [...firsts].map(([stream, from]) => ({ stream, from }));
    }
    let query = trx
      .updateTable("outbox_events")
      .set({ delivery: "pending", next_attempt_at: now, first_attempt_at: null, attempts: 0, set_aside_at: null, lease_until: null })
      .where("delivery", "=", "set_aside");
    if ("ids" in which) {
      if (streams.length === 0) return { replayed: 0, not_set_aside: notSetAside };
      query = query.where((eb) => eb.or(streams.map(({ stream, from }) => eb.and([eb("stream", "=", stream), eb("id", ">=", from)]))));
    }
    const result = await query.executeTakeFirst();
    return { replayed: Number(result.numUpdatedRows), not_set_aside: notSetAside };
  });
}

/**
 * The events after `after`, in order, for the ERPs that poll. An id is taken before its
 * transaction commits, so a smaller id may still be uncommitted when a larger one is visible:
 * only the events whose transaction is older than every one still running are answered, so a
 * cursor never steps over an event that commits later.
 */
export async function eventsAfter(db: Kysely<Database>, after: number, limit: number): Promise<EventListResponse> {
  const { rows } = await sql<Pick<Row, "id" | "event_id" | "type" | "occurred_at" | "data">>`
    select id, event_id, type, occurred_at, data from outbox_events
     where id > ${after} and tx_id < pg_snapshot_xmin(pg_current_snapshot())
     order by id
     limit ${limit + 1}`.execute(db);
  const items = rows.slice(0, limit).map((row) => ({ cursor: String(row.id), ...envelopeOf(row) }));
  const last = items.at(-1);
  return {
    items,
    next_cursor: last ? last.cursor : after > 0 ? String(after) : null,
    has_more: rows.length > limit,
  };
}
