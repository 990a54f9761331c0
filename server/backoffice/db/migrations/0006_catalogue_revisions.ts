import { sql, type Kysely } from "kysely";

/**
 * Revision counters of what the in-memory catalogue (pim/read-model/) copies from the
 * database (docs/decisions/0083-catalogue-read-model.md). Any statement that changes the
 * products, brands or categories bumps "catalogue"; any that changes per-organization prices,
 * brand discounts or promotions bumps "pricing". The back-office reads the two numbers about
 * once a second and rebuilds only what changed, whoever made the change (this process,
 * another one, or an ERP import writing straight into the tables).
 */
const CATALOGUE_TABLES = ["products", "brands", "categories"];
const PRICING_TABLES = ["org_product_prices", "org_brand_discounts", "promotions"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table catalogue_revisions (name text primary key, revision bigint not null default 0)`.execute(db);
  await sql`insert into catalogue_revisions (name) values ('catalogue'), ('pricing')`.execute(db);
  await sql
    .raw(
      `create function bump_catalogue_revision() returns trigger language plpgsql as $$
       begin
         update catalogue_revisions set revision = revision + 1 where name = tg_argv[0];
         return null;
       end $$`,
    )
    .execute(db);
  const triggers = [
    ...CATALOGUE_TABLES.map((table) => [table, "catalogue"] as const),
    ...PRICING_TABLES.map((table) => [table, "pricing"] as const),
  ];
  for (const [table, name] of triggers) {
    await sql
      .raw(
        `create trigger ${table}_revision after insert or update or delete or truncate on ${table}
         for each statement execute function bump_catalogue_revision('${name}')`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...CATALOGUE_TABLES, ...PRICING_TABLES]) {
    await sql.raw(`drop trigger if exists ${table}_revision on ${table}`).execute(db);
  }
  await sql`drop function if exists bump_catalogue_revision()`.execute(db);
  await sql`drop table if exists catalogue_revisions`.execute(db);
}
