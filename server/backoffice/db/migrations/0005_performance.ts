import { sql, type Kysely } from "kysely";

/**
 * Performance (docs/decisions/0080-backoffice-performance.md, docs/performance.md).
 *
 * - Listings only ever show "listed" products (not a shipping line, not discontinued): partial
 *   indexes on exactly that predicate, one per sort order of a category or a brand, so a page
 *   of 24 is read in index order and stops after 24 rows instead of sorting the whole category.
 * - carts.line_count: the number of product lines (shipping lines excluded) kept on every
 *   save, so /auth/me no longer unpacks the cart's JSON on each call.
 */
const LISTED = "where not is_port and not discontinued";

const statements: string[] = [
  `create index products_listed_category_ref_idx on products (category_id, ref) ${LISTED}`,
  `create index products_listed_category_title_idx on products (category_id, title, ref) ${LISTED}`,
  `create index products_listed_brand_ref_idx on products (brand_id, ref) ${LISTED}`,
  `create index products_listed_brand_title_idx on products (brand_id, title, ref) ${LISTED}`,
  `alter table carts add column line_count integer not null default 0`,
  `update carts set line_count = (
     select count(*)::int from jsonb_array_elements(data->'products') as line
     where not coalesce((line->>'prd_is_port')::boolean, false))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table carts drop column if exists line_count").execute(db);
  for (const index of [
    "products_listed_category_ref_idx",
    "products_listed_category_title_idx",
    "products_listed_brand_ref_idx",
    "products_listed_brand_title_idx",
  ]) {
    await sql.raw(`drop index if exists ${index}`).execute(db);
  }
}
