import { sql, type Kysely } from "kysely";

/**
 * Buying again without retyping (issue 38, docs/order-lists.md, docs/part-numbers.md,
 * docs/replenishment.md):
 * - order lists: named, private to their author or shared with the organization, each line a
 *   product, a quantity and a note;
 * - part numbers: the organization's own code for a product, unique within it by its key (the
 *   code without case, spaces or dashes, as references are compared); an order line keeps the
 *   code it was ordered under;
 * - replenishment schedules: a list ordered every N weeks or months; one run row per schedule
 *   and date (the unique key is what keeps two processes from placing it twice), the order or
 *   approval request it made, or why it made none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table order_lists (
    id serial primary key,
    org_id integer not null references organizations(id),
    owner_id integer not null references users(id),
    owner_name text not null,
    name text not null,
    shared boolean not null default false,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index order_lists_org on order_lists (org_id, updated_at desc)`.execute(db);
  await sql`create table order_list_lines (
    list_id integer not null references order_lists(id) on delete cascade,
    product_id integer not null references products(id),
    position integer not null,
    qty integer not null check (qty between 1 and 9999),
    note text not null default '',
    primary key (list_id, product_id)
  )`.execute(db);
  await sql`create table part_numbers (
    org_id integer not null references organizations(id),
    product_id integer not null references products(id),
    code text not null,
    code_key text not null,
    updated_at timestamptz not null,
    updated_by text not null,
    primary key (org_id, product_id),
    unique (org_id, code_key)
  )`.execute(db);
  await sql`alter table order_lines add column customer_code text`.execute(db);
  await sql`create table replenishment_schedules (
    id serial primary key,
    org_id integer not null references organizations(id),
    owner_id integer not null references users(id),
    owner_name text not null,
    name text not null,
    list_id integer not null references order_lists(id),
    every integer not null check (every between 1 and 52),
    unit text not null check (unit in ('weeks', 'months')),
    day integer not null check (day between 1 and 31),
    status text not null default 'active' check (status in ('active', 'paused')),
    next_run date not null,
    skipped_date date,
    dlv_address_id integer references addresses(id),
    max_price_increase_pct integer check (max_price_increase_pct between 1 and 100),
    price_basis jsonb not null default '{}',
    reminder_sent_for date,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index replenishment_schedules_due on replenishment_schedules (status, next_run)`.execute(db);
  await sql`create index replenishment_schedules_org on replenishment_schedules (org_id)`.execute(db);
  await sql`create table replenishment_runs (
    id serial primary key,
    schedule_id integer not null references replenishment_schedules(id) on delete cascade,
    run_date date not null,
    outcome text not null check (outcome in ('placed', 'approval', 'failed', 'skipped', 'missed')),
    at timestamptz not null,
    reason text,
    order_id integer references orders(id),
    approval_id integer references approval_requests(id),
    unique (schedule_id, run_date)
  )`.execute(db);
  await sql`alter table orders add column schedule_id integer references replenishment_schedules(id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column if exists schedule_id`.execute(db);
  await sql`drop table if exists replenishment_runs`.execute(db);
  await sql`drop table if exists replenishment_schedules`.execute(db);
  await sql`alter table order_lines drop column if exists customer_code`.execute(db);
  await sql`drop table if exists part_numbers`.execute(db);
  await sql`drop table if exists order_list_lines`.execute(db);
  await sql`drop table if exists order_lists`.execute(db);
}
