import { sql, type Kysely } from "kysely";

/**
 * Returns (issue 39, decision 0204): with INVOICES_ISSUED_BY=erp the ERP files its credit notes
 * first (POST /api/erp/invoices), then names them when it credits the return; the portal links
 * each to the return by `invoices.return_id`. Issued documents never change (0011's trigger), so
 * the trigger lets exactly that through: on a credit note, `return_id` from null to a return, with
 * every other column as it was. Anything else is still refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function invoices_immutable() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' and tg_table_name = 'invoices'
        and (to_jsonb(old) ->> 'kind') = 'avoir'
        and (to_jsonb(old) ->> 'return_id') is null and (to_jsonb(new) ->> 'return_id') is not null
        and (to_jsonb(new) - 'return_id') = (to_jsonb(old) - 'return_id') then
       return new;
     end if;
     raise exception 'Une facture émise ne peut être ni modifiée ni supprimée (table %) : émettez un avoir.', tg_table_name
       using errcode = 'check_violation';
   end
   $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function invoices_immutable() returns trigger language plpgsql as $$
   begin
     raise exception 'Une facture émise ne peut être ni modifiée ni supprimée (table %) : émettez un avoir.', tg_table_name
       using errcode = 'check_violation';
   end
   $$`.execute(db);
}
