import { sql, type Kysely } from "kysely";

/**
 * Price groups and dated conditions (docs/decisions/0177-prices-feed-and-price-groups.md):
 * the ERP's « catégories tarifaires » (Sage 100) or pricelists (Odoo) a customer belongs to,
 * with their net prices and discounts per product and per brand. A customer's own conditions
 * (org_product_prices, org_brand_discounts) gain a discount per product and optional dates, so
 * one row is a net price OR a discount, kept per (customer or group, product or brand, start
 * date): the key the prices feed upserts by. An undated row has a null start, and
 * `nulls not distinct` (PostgreSQL 15) keeps one of those per key, so that `on conflict` finds it.
 */

const DATES = "starts_on date, ends_on date, check (ends_on >= starts_on)";
const PRICE_OR_DISCOUNT = `price integer check (price >= 0),
  discount numeric(5,2) check (discount between 0 and 100),
  check ((price is null) <> (discount is null))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table price_groups (
    id serial primary key,
    ref text not null unique,
    title text not null
  )`.execute(db);
  await sql`alter table organizations add column price_group_id integer references price_groups(id)`.execute(db);
  await sql`create index organizations_price_group_idx on organizations (price_group_id)`.execute(db);

  // The customer's own conditions: a discount per product beside the net price, and dates.
  await sql`alter table org_product_prices alter column price drop not null`.execute(db);
  await sql`alter table org_product_prices add column discount numeric(5,2) check (discount between 0 and 100)`.execute(db);
  await sql`alter table org_product_prices add check ((price is null) <> (discount is null))`.execute(db);
  for (const table of ["org_product_prices", "org_brand_discounts"]) {
    await sql.raw(`alter table ${table} add column starts_on date, add column ends_on date, add check (ends_on >= starts_on)`).execute(db);
    await sql.raw(`alter table ${table} drop constraint ${table}_pkey`).execute(db);
  }
  await sql`create unique index org_product_prices_key on org_product_prices (org_id, product_id, starts_on) nulls not distinct`.execute(
    db,
  );
  await sql`create unique index org_brand_discounts_key on org_brand_discounts (org_id, brand_id, starts_on) nulls not distinct`.execute(
    db,
  );

  await sql
    .raw(
      `create table price_group_product_prices (
        group_id integer not null references price_groups(id),
        product_id integer not null references products(id),
        ${PRICE_OR_DISCOUNT},
        ${DATES}
      )`,
    )
    .execute(db);
  await sql`create unique index price_group_product_prices_key on price_group_product_prices (group_id, product_id, starts_on) nulls not distinct`.execute(
    db,
  );
  await sql
    .raw(
      `create table price_group_brand_discounts (
        group_id integer not null references price_groups(id),
        brand_id integer not null references brands(id),
        discount numeric(5,2) not null check (discount between 0 and 100),
        ${DATES}
      )`,
    )
    .execute(db);
  await sql`create unique index price_group_brand_discounts_key on price_group_brand_discounts (group_id, brand_id, starts_on) nulls not distinct`.execute(
    db,
  );

  // The in-memory catalogue drops its prices when these change (0006_catalogue_revisions),
  // and when a customer moves to another group.
  for (const table of ["price_group_product_prices", "price_group_brand_discounts"]) {
    await sql
      .raw(
        `create trigger ${table}_revision after insert or update or delete or truncate on ${table}
         for each statement execute function bump_catalogue_revision('pricing')`,
      )
      .execute(db);
  }
  await sql`create trigger organizations_price_group_revision after update of price_group_id on organizations
    for each statement execute function bump_catalogue_revision('pricing')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists organizations_price_group_revision on organizations`.execute(db);
  await sql`drop table if exists price_group_brand_discounts`.execute(db);
  await sql`drop table if exists price_group_product_prices`.execute(db);
  await sql`drop index if exists org_brand_discounts_key`.execute(db);
  await sql`drop index if exists org_product_prices_key`.execute(db);
  // Only the undated rows go back to the old key: a dated one, or a discount per product, has no place there.
  for (const table of ["org_product_prices", "org_brand_discounts"]) {
    await sql.raw(`delete from ${table} where starts_on is not null or ends_on is not null`).execute(db);
  }
  await sql`delete from org_product_prices where price is null`.execute(db);
  await sql`alter table org_product_prices drop column discount`.execute(db);
  await sql`alter table org_product_prices alter column price set not null`.execute(db);
  await sql`alter table org_product_prices drop column starts_on, drop column ends_on, add primary key (org_id, product_id)`.execute(db);
  await sql`alter table org_brand_discounts drop column starts_on, drop column ends_on, add primary key (org_id, brand_id)`.execute(db);
  await sql`alter table organizations drop column if exists price_group_id`.execute(db);
  await sql`drop table if exists price_groups`.execute(db);
}
