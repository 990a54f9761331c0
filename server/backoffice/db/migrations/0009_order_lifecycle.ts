import { sql, type Kysely } from "kysely";

/**
 * The orders' lifecycle (docs/orders.md, docs/decisions/0104-order-lifecycle-and-back-orders.md):
 * quantities shipped, cancelled and on back-order per line, the certificates a line was ordered
 * with, shipments and their lines, the timeline's events and the customers' requests to cancel
 * a remainder. On an existing database, the orders already there get a timeline that ends in
 * their status: their confirmation, and a step « reprise des données » for the status they had
 * (a shipment of every product line, carrier unknown, for the shipped and delivered ones).
 */
const MIGRATED = "Reprise des données";
const STATUSES = ["confirmée", "acceptée", "en préparation", "expédiée partiellement", "expédiée", "livrée", "annulée"];

const statements: string[] = [
  `alter table order_lines
     add column shipped_qty integer not null default 0,
     add column cancelled_qty integer not null default 0,
     add column backorder_qty integer not null default 0,
     add column backordered_at timestamptz,
     add column available_at timestamptz,
     add column certificates jsonb not null default '[]'`,
  `alter table order_lines add constraint order_lines_quantities_check check (
     shipped_qty >= 0 and cancelled_qty >= 0 and backorder_qty >= 0
     and shipped_qty + cancelled_qty <= qty
     and backorder_qty <= qty - shipped_qty - cancelled_qty)`,
  `alter table orders add constraint orders_status_check check (status in (${STATUSES.map((status) => `'${status}'`).join(", ")}))`,
  // Open back-orders: by product (a stock arrival), or all of them joined to an organization's orders.
  `create index order_lines_backorders_idx on order_lines (product_id, order_id) where backorder_qty > 0`,
  `create index orders_status_idx on orders (status, created_at)`,
  `create table shipments (
     id serial primary key,
     order_id integer not null references orders(id),
     number integer not null,
     shipped_at timestamptz not null,
     carrier text not null,
     tracking_number text,
     tracking_url text,
     author text not null,
     unique (order_id, number)
   )`,
  `create table shipment_lines (
     shipment_id integer not null references shipments(id),
     order_id integer not null,
     position integer not null,
     qty integer not null check (qty > 0),
     primary key (shipment_id, position),
     foreign key (order_id, position) references order_lines (order_id, position)
   )`,
  `create table order_events (
     id serial primary key,
     order_id integer not null references orders(id),
     at timestamptz not null,
     kind text not null,
     status text,
     author text not null,
     note text,
     data jsonb not null default '{}'
   )`,
  `create index order_events_order_idx on order_events (order_id, at, id)`,
  `create table cancellation_requests (
     id serial primary key,
     order_id integer not null references orders(id),
     position integer not null,
     qty integer not null check (qty > 0),
     requested_by integer not null references users(id),
     requested_by_name text not null,
     requested_at timestamptz not null,
     reason text not null,
     status text not null default 'en attente' check (status in ('en attente', 'acceptée', 'refusée')),
     answered_at timestamptz,
     answered_by text,
     answer text,
     foreign key (order_id, position) references order_lines (order_id, position)
   )`,
  // One pending request per line; the latest of a line is what the customer sees.
  `create unique index cancellation_requests_pending_idx on cancellation_requests (order_id, position) where status = 'en attente'`,
  `create index cancellation_requests_line_idx on cancellation_requests (order_id, position, requested_at desc)`,
  `create index cancellation_requests_status_idx on cancellation_requests (status, requested_at)`,

  // ---- the orders already there -----------------------------------------------------------
  `insert into order_events (order_id, at, kind, status, author)
     select id, created_at, 'confirmed', 'confirmée', usr_name from orders order by id`,
  `insert into order_events (order_id, at, kind, status, author)
     select id, created_at, 'accepted', 'acceptée', '${MIGRATED}' from orders where status = 'acceptée' order by id`,
  `insert into order_events (order_id, at, kind, status, author)
     select id, created_at, 'preparing', 'en préparation', '${MIGRATED}' from orders where status = 'en préparation' order by id`,
  `update order_lines l set shipped_qty = l.qty
     from orders o where o.id = l.order_id and o.status in ('expédiée', 'livrée') and not l.is_port`,
  `insert into shipments (order_id, number, shipped_at, carrier, author)
     select id, 1, created_at, 'Non communiqué', '${MIGRATED}' from orders where status in ('expédiée', 'livrée') order by id`,
  `insert into shipment_lines (shipment_id, order_id, position, qty)
     select s.id, l.order_id, l.position, l.qty
     from shipments s join order_lines l on l.order_id = s.order_id
     where not l.is_port and l.qty > 0`,
  `insert into order_events (order_id, at, kind, status, author, data)
     select o.id, o.created_at, 'shipped', 'expédiée', '${MIGRATED}', jsonb_build_object(
       'shipment_number', 1,
       'carrier', 'Non communiqué',
       'units', (select coalesce(sum(l.qty), 0) from order_lines l where l.order_id = o.id and not l.is_port))
     from orders o where o.status in ('expédiée', 'livrée') order by o.id`,
  `insert into order_events (order_id, at, kind, status, author)
     select id, created_at, 'delivered', 'livrée', '${MIGRATED}' from orders where status = 'livrée' order by id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["cancellation_requests", "order_events", "shipment_lines", "shipments"]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw("drop index if exists orders_status_idx").execute(db);
  await sql.raw("drop index if exists order_lines_backorders_idx").execute(db);
  await sql.raw("alter table orders drop constraint if exists orders_status_check").execute(db);
  await sql.raw("alter table order_lines drop constraint if exists order_lines_quantities_check").execute(db);
  for (const column of ["shipped_qty", "cancelled_qty", "backorder_qty", "backordered_at", "available_at", "certificates"]) {
    await sql.raw(`alter table order_lines drop column if exists ${column}`).execute(db);
  }
}
