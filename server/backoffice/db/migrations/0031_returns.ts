import { sql, type Kysely } from "kysely";

/**
 * Returns (issue 39, docs/returns.md): a delivered order's lines asked back with a reason and
 * photos, then moved by the distributor (accepted or refused, received, credited or exchanged).
 * - `return_settings`: one row, the distributor's rules (window, photos, fees, address), set by
 *   its systems (PUT /api/erp/returns-settings);
 * - `return_sequences`: the RET-YYYY-NNNNNN numbers per year, taken like the invoices' numbers;
 * - `returns`, `return_lines` (one per order line, the invoiced unit price frozen), `return_photos`
 *   (checked by content, stored with their sha256), `return_events` (every step, date and author);
 * - `products.returnable`: the products feed's flag (MMSI and hazardous goods are never returnable);
 * - `invoices.return_id`: the credit notes a return led to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table return_settings (
    id integer primary key default 1 check (id = 1),
    window_days integer not null default 30 check (window_days between 1 and 365),
    photo_required_reasons jsonb not null default '["defective", "transport_damage"]',
    restocking_fee_pct jsonb not null default '{"order_error": 15, "defective": 0, "transport_damage": 0, "delivery_error": 0, "other": 10}',
    address jsonb,
    instructions text not null default '',
    updated_at timestamptz not null default now(),
    updated_by text not null default 'installation'
  )`.execute(db);
  await sql`insert into return_settings (id) values (1)`.execute(db);
  await sql`create table return_sequences (
    year integer primary key,
    last integer not null check (last > 0)
  )`.execute(db);
  await sql`create table returns (
    id serial primary key,
    number text not null unique,
    org_id integer not null references organizations(id),
    order_id integer not null references orders(id),
    status text not null default 'demandé'
      check (status in ('demandé', 'accepté', 'refusé', 'reçu', 'avoir émis', 'échange expédié', 'annulé')),
    reason text not null check (reason in ('order_error', 'defective', 'transport_damage', 'delivery_error', 'other')),
    resolution text not null check (resolution in ('credit', 'exchange')),
    comment text not null default '',
    refusal text,
    restocking_fee_pct integer check (restocking_fee_pct between 0 and 100),
    requested_at timestamptz not null,
    requested_by integer references users(id),
    requested_by_name text not null,
    updated_at timestamptz not null,
    exchange_carrier text,
    exchange_tracking_number text,
    exchange_tracking_url text,
    exchange_shipped_at timestamptz
  )`.execute(db);
  await sql`create index returns_org on returns (org_id, requested_at desc)`.execute(db);
  await sql`create index returns_order on returns (order_id)`.execute(db);
  await sql`create index returns_status on returns (status, requested_at)`.execute(db);
  await sql`create table return_lines (
    return_id integer not null references returns(id) on delete cascade,
    order_id integer not null,
    position integer not null,
    obj_ref text not null,
    title text not null,
    customer_code text,
    qty integer not null check (qty > 0),
    received integer check (received >= 0 and received <= qty),
    unit_price integer not null,
    unit_ecotax integer not null default 0,
    primary key (return_id, position),
    foreign key (order_id, position) references order_lines(order_id, position)
  )`.execute(db);
  await sql`create table return_photos (
    id serial primary key,
    return_id integer not null references returns(id) on delete cascade,
    file_name text not null,
    mime text not null check (mime in ('image/png', 'image/jpeg')),
    size integer not null check (size > 0),
    sha256 text not null,
    content bytea not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index return_photos_return on return_photos (return_id)`.execute(db);
  await sql`create table return_events (
    id serial primary key,
    return_id integer not null references returns(id) on delete cascade,
    at timestamptz not null,
    kind text not null check (kind in ('requested', 'accepted', 'refused', 'received', 'credited', 'exchanged', 'withdrawn')),
    author text not null,
    note text
  )`.execute(db);
  await sql`create index return_events_return on return_events (return_id, at)`.execute(db);
  await sql`alter table products add column returnable boolean not null default true`.execute(db);
  await sql`alter table invoices add column return_id integer references returns(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices drop column if exists return_id`.execute(db);
  await sql`alter table products drop column if exists returnable`.execute(db);
  await sql`drop table if exists return_events`.execute(db);
  await sql`drop table if exists return_photos`.execute(db);
  await sql`drop table if exists return_lines`.execute(db);
  await sql`drop table if exists returns`.execute(db);
  await sql`drop table if exists return_sequences`.execute(db);
  await sql`drop table if exists return_settings`.execute(db);
}
