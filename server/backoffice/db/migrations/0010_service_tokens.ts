import { sql, type Kysely } from "kysely";

/**
 * The distributor's systems (its ERP, its warehouse) call /api/erp with a service token
 * (docs/decisions/0102-service-tokens-for-the-distributor-systems.md): only its sha256 is
 * stored, with the system's name, which every step it records carries as its author.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table service_tokens (
    id serial primary key,
    name text not null,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists service_tokens`.execute(db);
}
