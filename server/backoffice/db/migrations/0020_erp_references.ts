import { sql, type Kysely } from "kysely";

/**
 * The ERP's own reference of a category and of a brand (docs/integration.md): what the
 * imports upsert by, so importing the same file twice changes nothing. Null for the rows the
 * portal's own data made (the demo's); unique when given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["categories", "brands"]) {
    await sql.raw(`alter table ${table} add column erp_ref text`).execute(db);
    await sql.raw(`create unique index ${table}_erp_ref_idx on ${table} (erp_ref)`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["categories", "brands"]) {
    await sql.raw(`drop index if exists ${table}_erp_ref_idx`).execute(db);
    await sql.raw(`alter table ${table} drop column if exists erp_ref`).execute(db);
  }
}
