import { sql, type Kysely } from "kysely";

/**
 * Quotes (docs/quotes.md):
 * - one numbering row per year, incremented in the creating transaction (no gap: a rollback
 *   gives the number back; the row lock serializes concurrent creations), as invoices do;
 * - the quote with what the lists read without joining (state, latest version, its validity
 *   and total), its asked lines, each proposal version with its lines (older ones kept), the
 *   thread's messages, attachments stored in the table (PDF/PNG/JPEG up to 5 MB), the dated
 *   timeline of every transition, and the positions accepted;
 * - the price locks of accepted lines in the shared cart (one per organization and product:
 *   a cart has one line per product), read by every repricing;
 * - the quote's number on order lines and invoice lines (nullable: adding a column rewrites
 *   no row, so the invoices' immutability triggers are not fired).
 */

const STATES = ["demandé", "en cours d'étude", "informations demandées", "complété", "proposé", "accepté", "refusé", "expiré", "annulé"];
const stateList = STATES.map((state) => `'${state.replace(/'/g, "''")}'`).join(", ");

const statements: string[] = [
  `create table quote_number_sequences (
     year integer primary key,
     last integer not null check (last > 0)
   )`,
  `create table quotes (
     id serial primary key,
     number text not null unique,
     year integer not null,
     sequence integer not null,
     org_id integer not null references organizations(id),
     customer_ref text not null,
     state text not null check (state in (${stateList})),
     requested_by integer not null references users(id),
     requested_by_name text not null,
     wished_date date,
     message text not null default '',
     created_at timestamptz not null,
     updated_at timestamptz not null,
     version integer not null default 0,
     valid_until date,
     total_ht bigint,
     reminded_at timestamptz,
     unique (year, sequence)
   )`,
  // The customer's list (newest first) and its state filter.
  `create index quotes_org_idx on quotes (org_id, created_at desc, id desc)`,
  `create index quotes_org_state_idx on quotes (org_id, state, created_at desc)`,
  // The reminder job and the expiry: proposals by validity.
  `create index quotes_proposed_valid_idx on quotes (valid_until) where state = 'proposé'`,
  `create table quote_lines (
     quo_id integer not null references quotes(id),
     position integer not null,
     product_id integer references products(id),
     obj_ref text,
     title text not null,
     qty integer not null check (qty > 0),
     primary key (quo_id, position)
   )`,
  `create table quote_proposals (
     quo_id integer not null references quotes(id),
     version integer not null check (version > 0),
     valid_until date not null,
     conditions text not null default '',
     author_id integer not null references users(id),
     author_name text not null,
     created_at timestamptz not null,
     total_ht bigint not null,
     primary key (quo_id, version)
   )`,
  `create table quote_proposal_lines (
     quo_id integer not null,
     version integer not null,
     position integer not null,
     product_id integer not null references products(id),
     obj_ref text not null,
     title text not null,
     qty integer not null check (qty > 0),
     unit_price integer not null check (unit_price between 1 and 10000000),
     ecotax integer not null default 0,
     answers_position integer,
     is_alternative boolean not null default false,
     note text,
     primary key (quo_id, version, position),
     unique (quo_id, version, product_id),
     foreign key (quo_id, version) references quote_proposals (quo_id, version)
   )`,
  `create table quote_messages (
     id serial primary key,
     quo_id integer not null references quotes(id),
     at timestamptz not null,
     author_id integer references users(id),
     author_name text not null,
     side text not null check (side in ('client', 'commercial', 'système')),
     body text not null
   )`,
  `create index quote_messages_quote_idx on quote_messages (quo_id, at)`,
  `create table quote_attachments (
     id serial primary key,
     quo_id integer not null references quotes(id),
     message_id integer references quote_messages(id),
     file_name text not null,
     mime text not null check (mime in ('application/pdf', 'image/png', 'image/jpeg')),
     size integer not null check (size between 1 and 5242880),
     sha256 text not null,
     content bytea not null,
     created_at timestamptz not null,
     created_by integer not null references users(id)
   )`,
  `create index quote_attachments_quote_idx on quote_attachments (quo_id)`,
  `create table quote_events (
     id serial primary key,
     quo_id integer not null references quotes(id),
     at timestamptz not null,
     kind text not null,
     state text not null check (state in (${stateList})),
     author_id integer references users(id),
     author_name text not null,
     side text not null check (side in ('client', 'commercial', 'système')),
     note text
   )`,
  `create index quote_events_quote_idx on quote_events (quo_id, at, id)`,
  `create table quote_accepted_positions (
     quo_id integer not null references quotes(id),
     version integer not null,
     position integer not null,
     primary key (quo_id, position)
   )`,
  `create table quote_cart_locks (
     org_id integer not null references organizations(id),
     obj_id integer not null references products(id),
     quo_id integer not null references quotes(id),
     number text not null,
     unit_price integer not null check (unit_price > 0),
     valid_until date not null,
     created_at timestamptz not null,
     primary key (org_id, obj_id)
   )`,
  `alter table order_lines add column quote_number text`,
  `alter table invoice_lines add column quote_number text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "quote_cart_locks",
    "quote_accepted_positions",
    "quote_events",
    "quote_attachments",
    "quote_messages",
    "quote_proposal_lines",
    "quote_proposals",
    "quote_lines",
    "quotes",
    "quote_number_sequences",
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
  await sql.raw(`alter table order_lines drop column if exists quote_number`).execute(db);
  // Dropping a column rewrites no row either: the immutability triggers stay quiet.
  await sql.raw(`alter table invoice_lines drop column if exists quote_number`).execute(db);
}
