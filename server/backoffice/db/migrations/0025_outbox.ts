import { sql, type Kysely } from "kysely";

/**
 * The outbox (docs/integration.md « Événements », decisions 0182 and 0183): every business
 * event the distributor's ERP must hear of, written in the transaction of the change it
 * reports, so a process killed after the commit loses nothing.
 *
 * - `id` is the polling cursor (GET /api/erp/events?after=). Ids are taken before commit, so a
 *   later id may commit first: `tx_id` (the writing transaction) lets the reader stop at the
 *   oldest transaction still running, and never step over an event that commits afterwards.
 * - `stream` orders delivery: the events of one order (one quote, one request) go out one after
 *   the other, each only once the previous one was delivered.
 * - `delivery` and its columns are the webhook's state: a process leases a row (`lease_until`)
 *   under a row lock before posting it, so several processes deliver each event once between
 *   them; a lease that expires (its process died) is taken again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table outbox_events (
    id bigserial primary key,
    event_id uuid not null unique,
    type text not null,
    occurred_at timestamptz not null,
    stream text not null,
    org_id integer references organizations(id),
    data jsonb not null,
    tx_id xid8 not null default pg_current_xact_id(),
    delivery text not null default 'pending' check (delivery in ('pending', 'delivered', 'set_aside')),
    attempts integer not null default 0,
    first_attempt_at timestamptz,
    next_attempt_at timestamptz not null,
    lease_until timestamptz,
    last_status integer,
    last_error text,
    delivered_at timestamptz,
    set_aside_at timestamptz
  )`.execute(db);
  // The deliverer's question: the pending heads of their streams, oldest first.
  await sql`create index outbox_pending_idx on outbox_events (stream, id) where delivery <> 'delivered'`.execute(db);
  await sql`create index outbox_due_idx on outbox_events (next_attempt_at, id) where delivery = 'pending'`.execute(db);
  await sql`create index outbox_set_aside_idx on outbox_events (id) where delivery = 'set_aside'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists outbox_events`.execute(db);
}
