import { sql, type Kysely } from "kysely";

/**
 * Invoices and credit notes issued by the distributor's ERP (docs/invoices.md « Deux modes »,
 * decision 0184): they carry the ERP's own number, so no year nor sequence of the portal's
 * numbering; `issued_by` says who issued each document. A portal document keeps its year and
 * sequence (the continuous numbering of migration 0011), an ERP document has neither. The ERP's
 * PDF goes into invoice_documents as sent. The immutability triggers of 0011 stay as they are:
 * these statements change the table, never a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices
    alter column year drop not null,
    alter column sequence drop not null,
    add column issued_by text not null default 'portal' check (issued_by in ('portal', 'erp'))`.execute(db);
  await sql`alter table invoices add constraint invoices_numbering_check check (
    (issued_by = 'portal' and year is not null and sequence is not null)
    or (issued_by = 'erp' and year is null and sequence is null)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices drop constraint if exists invoices_numbering_check`.execute(db);
  await sql`alter table invoices drop column if exists issued_by`.execute(db);
  // Only without ERP documents: they have no sequence to give back.
  await sql`alter table invoices alter column year set not null, alter column sequence set not null`.execute(db);
}
