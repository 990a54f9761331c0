import { sql, type Kysely } from "kysely";

/**
 * What visitors send without an account (docs/requests.md): contact messages, account opening
 * requests with the states the distributor moves them through (every step kept), and password
 * reset links (only the sha256 of the link's token is stored; single use, 30 minutes;
 * decision 0124).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table contact_requests (
    id serial primary key,
    subject text not null,
    message text not null,
    name text not null,
    email text not null,
    phone text not null default '',
    company text not null,
    user_id integer references users(id) on delete set null,
    org_id integer references organizations(id) on delete set null,
    created_at timestamptz not null
  )`.execute(db);
  // The per-address cap counts a sender's recent messages (requests/limits.ts).
  await sql`create index contact_requests_email_idx on contact_requests (email, created_at)`.execute(db);

  await sql`create table account_requests (
    id serial primary key,
    company text not null,
    siret text not null default '',
    vat_number text not null default '',
    street text not null,
    zipcode text not null,
    city text not null,
    country text not null,
    activity text not null,
    contact_name text not null,
    email text not null,
    phone text not null,
    message text not null default '',
    state text not null default 'received' check (state in ('received', 'in_review', 'accepted', 'refused')),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index account_requests_state_idx on account_requests (state, created_at desc)`.execute(db);
  await sql`create index account_requests_email_idx on account_requests (email, created_at)`.execute(db);
  await sql`create table account_request_steps (
    id serial primary key,
    request_id integer not null references account_requests(id) on delete cascade,
    state text not null,
    note text not null default '',
    actor text not null,
    at timestamptz not null
  )`.execute(db);
  await sql`create index account_request_steps_request_idx on account_request_steps (request_id, id)`.execute(db);

  await sql`create table password_resets (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    token_hash text not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index password_resets_user_idx on password_resets (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists password_resets`.execute(db);
  await sql`drop table if exists account_request_steps`.execute(db);
  await sql`drop table if exists account_requests`.execute(db);
  await sql`drop table if exists contact_requests`.execute(db);
}
