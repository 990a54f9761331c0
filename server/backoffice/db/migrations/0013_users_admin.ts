import { sql, type Kysely } from "kysely";

/**
 * The organization manages its people accounts (docs/users.md, decision 0116): an admin flag,
 * a phone and the last login on users; invitations (only the sha256 of the link's token is
 * stored, single use, expiring); and the history of every change, kept by target id without a
 * foreign key, so a revoked invitation (its never-used account is deleted) keeps its lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
    add column is_admin boolean not null default false,
    add column phone text not null default '',
    add column last_login_at timestamptz`.execute(db);
  await sql`create table user_invitations (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    token_hash text not null unique,
    created_by integer not null references users(id),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create index user_invitations_user_idx on user_invitations (user_id)`.execute(db);
  await sql`create table user_changes (
    id serial primary key,
    org_id integer not null references organizations(id),
    actor_id integer references users(id),
    actor_name text not null,
    target_id integer not null,
    target_name text not null,
    change text not null,
    details jsonb,
    at timestamptz not null
  )`.execute(db);
  await sql`create index user_changes_org_idx on user_changes (org_id, at desc, id desc)`.execute(db);
  // Deactivating a person or changing a password ends every token where it is user or master.
  await sql`create index auth_tokens_master_idx on auth_tokens (master_user_id) where master_user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists auth_tokens_master_idx`.execute(db);
  await sql`drop table if exists user_changes`.execute(db);
  await sql`drop table if exists user_invitations`.execute(db);
  await sql`alter table users drop column if exists is_admin, drop column if exists phone, drop column if exists last_login_at`.execute(db);
}
