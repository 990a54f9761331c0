import { sql, type Kysely } from "kysely";

/**
 * The customer's purchasing rules and approval requests (issue 37, docs/approvals.md,
 * decisions 0191–0193):
 * - per organization: the approval threshold and who approves (the administrators, or named
 *   people of the organization, kept in purchasing_approvers);
 * - per person: a limit per order and a monthly budget (HT cents; null: none);
 * - approval requests: the cart as asked (lines, delivery, instructions), why it needed
 *   approval, its totals then, and the decision. One pending-or-decided row per request; the
 *   order it placed points back at it, with who approved it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table purchasing_rules (
    org_id integer primary key references organizations(id),
    approval_threshold bigint check (approval_threshold >= 0),
    approvers text not null default 'administrators' check (approvers in ('administrators', 'named')),
    updated_at timestamptz not null,
    updated_by text not null
  )`.execute(db);
  await sql`create table purchasing_approvers (
    org_id integer not null references organizations(id),
    user_id integer not null references users(id),
    primary key (org_id, user_id)
  )`.execute(db);
  await sql`create table purchasing_limits (
    user_id integer primary key references users(id),
    org_id integer not null references organizations(id),
    order_limit bigint check (order_limit >= 0),
    monthly_budget bigint check (monthly_budget >= 0)
  )`.execute(db);
  await sql`create sequence approval_number_seq`.execute(db);
  await sql`create table approval_requests (
    id serial primary key,
    number text not null unique,
    org_id integer not null references organizations(id),
    requester_id integer not null references users(id),
    requester_name text not null,
    idempotency_key text not null,
    created_at timestamptz not null,
    status text not null default 'pending' check (status in ('pending', 'approved', 'refused', 'withdrawn')),
    reasons jsonb not null,
    message text not null default '',
    cart jsonb not null,
    total_ht bigint not null,
    total_ecotaxe bigint not null,
    total_ttc bigint not null,
    decided_at timestamptz,
    decided_by_id integer references users(id),
    decided_by_name text,
    refusal_reason text,
    order_id integer references orders(id),
    unique (org_id, idempotency_key)
  )`.execute(db);
  await sql`create index approval_requests_org_status on approval_requests (org_id, status, created_at desc)`.execute(db);
  await sql`create index approval_requests_requester on approval_requests (requester_id, created_at desc)`.execute(db);
  await sql`alter table orders add column approval_id integer references approval_requests(id)`.execute(db);
  await sql`alter table orders add column approved_by_name text`.execute(db);
  await sql`alter table orders add column approved_at timestamptz`.execute(db);
  // The month's spending of a person (budgets) reads their orders by author and date.
  await sql`create index orders_author_month on orders (usr_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_author_month`.execute(db);
  await sql`alter table orders drop column if exists approved_at`.execute(db);
  await sql`alter table orders drop column if exists approved_by_name`.execute(db);
  await sql`alter table orders drop column if exists approval_id`.execute(db);
  await sql`drop table if exists approval_requests`.execute(db);
  await sql`drop sequence if exists approval_number_seq`.execute(db);
  await sql`drop table if exists purchasing_limits`.execute(db);
  await sql`drop table if exists purchasing_approvers`.execute(db);
  await sql`drop table if exists purchasing_rules`.execute(db);
}
