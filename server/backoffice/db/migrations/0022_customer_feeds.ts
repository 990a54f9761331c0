import { sql, type Kysely } from "kysely";

/**
 * The customers the distributor loads from its ERP (docs/integration.md, decision 0178):
 * - `organizations.is_integrator`: a tag integrator programs the beacons itself, so its orders
 *   are not checked for MMSI certificates. It was a list of three references in the code; the
 *   organizations that had them keep the status.
 * - `addresses.erp_ref`: the delivery address a feed manages, found again on the next import
 *   instead of added twice (the customers feed's is « LIVRAISON »); null for the others.
 * - `account_requests.org_id`: the customer an accepted request opened (decision 0179).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organizations add column is_integrator boolean not null default false`.execute(db);
  await sql`update organizations set is_integrator = true where ref in ('C0900', 'C0901', 'C0902')`.execute(db);
  await sql`alter table addresses add column erp_ref text`.execute(db);
  await sql`create unique index addresses_erp_ref_idx on addresses (org_id, erp_ref) where erp_ref is not null`.execute(db);
  await sql`alter table account_requests add column org_id integer references organizations(id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_requests drop column if exists org_id`.execute(db);
  await sql`drop index if exists addresses_erp_ref_idx`.execute(db);
  await sql`alter table addresses drop column if exists erp_ref`.execute(db);
  await sql`alter table organizations drop column if exists is_integrator`.execute(db);
}
