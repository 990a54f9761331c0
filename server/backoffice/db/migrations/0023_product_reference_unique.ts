import { sql, type Kysely } from "kysely";

/**
 * A product's reference is unique as it is typed and searched (ref_norm: upper case, no
 * spaces), not only as stored: « AB 12 » and « AB12 » are one product for the quick order, the
 * in-memory catalogue's look-up by reference and the `products` feed, which upserts by it
 * (docs/decisions/0176-products-and-stock-feeds.md). The unique index keeps text_pattern_ops,
 * so it also serves the reference-prefix searches the index it replaces served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const twins = await sql<{ refs: string }>`
    select string_agg(ref, ' et ' order by ref) as refs from products group by ref_norm having count(*) > 1 order by 1 limit 5`.execute(db);
  if (twins.rows.length > 0) {
    throw new Error(
      `Des produits ont la même référence aux espaces et à la casse près (${twins.rows.map((row) => row.refs).join(" ; ")}) : renommez-en un, puis redémarrez.`,
    );
  }
  await sql`create unique index products_ref_norm_key on products (ref_norm text_pattern_ops)`.execute(db);
  await sql`drop index if exists products_ref_prefix_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists products_ref_prefix_idx on products (ref_norm text_pattern_ops)`.execute(db);
  await sql`drop index if exists products_ref_norm_key`.execute(db);
}
