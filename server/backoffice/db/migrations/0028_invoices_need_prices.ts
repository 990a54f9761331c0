import { sql, type Kysely } from "kysely";

/**
 * Invoices are amounts (issue 36, decision 0188): a person without the prices right loses the
 * invoices right stored beside it, so the users page, the API and the stored row say the same.
 * Each such change is written in the users page's history, under the portal's name. The rule is
 * also applied when flags are read (`invoicesVisible`), for rows written by other means.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`with changed as (
      update users set auth_flags = auth_flags || '{"invoices": false}'::jsonb
      where class = 'people'
        and auth_flags ->> 'prices' = 'false'
        and coalesce(auth_flags ->> 'invoices', 'true') <> 'false'
      returning id, org_id, name
    )
    insert into user_changes (org_id, actor_id, actor_name, target_id, target_name, change, details, at)
    select org_id, null, 'Portail (les factures suivent les prix)', id, name, 'flags', '{"invoices": false}'::jsonb, now()
    from changed`.execute(db);
}

/** Nothing to undo: the rights removed were never in effect once invoices needed prices. */
export async function down(): Promise<void> {}
