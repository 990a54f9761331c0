import { sql, type Kysely } from "kysely";

/**
 * E-invoicing (docs/invoices.md, decisions 0185 and 0186):
 * - the statuses the plateforme agréée reported for each invoice, only ever added to (the same
 *   trigger as the invoices' refuses UPDATE and DELETE); one status at one instant is one row,
 *   so a sender that repeats itself records it once;
 * - the seller's option for paying VAT on debits (« option pour le paiement de la taxe d'après
 *   les débits »), a setting of the distributor's organization, printed on invoices of services.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table invoice_platform_statuses (
    id serial primary key,
    invoice_id integer not null references invoices(id),
    status smallint not null check (status between 200 and 299),
    at timestamptz not null,
    message text,
    platform text,
    recorded_at timestamptz not null,
    author text not null
  )`.execute(db);
  await sql`create unique index invoice_platform_statuses_once on invoice_platform_statuses (invoice_id, status, at)`.execute(db);
  await sql`create trigger invoice_platform_statuses_immutable before update or delete on invoice_platform_statuses
    for each row execute function invoices_immutable()`.execute(db);
  await sql`alter table organizations add column vat_on_debits boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists invoice_platform_statuses`.execute(db);
  await sql`alter table organizations drop column if exists vat_on_debits`.execute(db);
}
