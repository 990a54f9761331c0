import { sql, type Kysely } from "kysely";

/**
 * MMSI certificates (docs/cart.md): one row per file an organization attached to an MMSI product.
 * The file itself is on disk under a generated name (storage_name), outside the web root.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table certificates (
    cer_id text primary key,
    org_id integer not null references organizations(id),
    product_id integer not null references products(id),
    mmsi text not null check (mmsi ~ '^[0-9]{9}$'),
    file_name text not null,
    mime text not null check (mime in ('application/pdf', 'image/png', 'image/jpeg')),
    size integer not null check (size > 0 and size <= 5242880),
    storage_name text not null unique,
    created_by integer not null references users(id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index certificates_org_idx on certificates (org_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table certificates`.execute(db);
}
