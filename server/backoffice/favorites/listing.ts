import { sql, type Kysely } from "kysely";
import type { FavoriteListQuery } from "@shared/contracts/favorites";
import { frenchOrder } from "@shared/domain/french-order";
import type { Database } from "../db/schema";
import { toPrefixTsQuery } from "../pim/catalogue";
import { effectivePrice, orgNetPrice, pricedProducts } from "../pim/pricing";
import type { PricedProductRow } from "../pim/product-view";
import type { BrandCount } from "../pim/read-model/listing";
import type { FavoritesDatabase } from "./schema";
import type { FavoriteOwner } from "./store";

/** Equal titles stay in the order they come in (by reference): Array.prototype.sort is stable. */
function byFrenchTitle(rows: PricedProductRow[]): PricedProductRow[] {
  return rows.sort((a, b) => frenchOrder.compare(a.title, b.title));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The owner's favourites with the organization's prices, filtered, sorted and paged like a
 * category list (pim/catalogue.ts listProducts). Discontinued products stay listed: a user
 * must be able to see, and remove, a favourite that is no longer sold. "relevance" means the
 * most recently added first.
 */
export async function listFavorites(
  db: Kysely<FavoritesDatabase>,
  owner: FavoriteOwner,
  today: string,
  query: FavoriteListQuery,
  priceSortAllowed: boolean,
): Promise<{ rows: PricedProductRow[]; total: number; brands?: BrandCount[] }> {
  const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
  const refPrefix = query.q ? `${escapeLike(query.q.toUpperCase().replace(/\s+/g, ""))}%` : "";
  // pricedProducts is typed on the core schema; the favorites join is added on top of it.
  let base = pricedProducts(db as unknown as Kysely<Database>, owner.orgId, today)
    .innerJoin(sql<{ product_id: number; created_at: Date }>`favorites`.as("f"), (join) =>
      join
        .on(sql`f.product_id`, "=", sql`p.id`)
        .on(sql`f.user_id`, "=", owner.userId)
        .on(sql`f.org_id`, "=", owner.orgId),
    )
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "p.ref",
      "p.title",
      "p.name",
      "p.brand_id",
      "b.slug as brand_slug",
      "b.title as brand_title",
      "p.images",
      "p.is_port",
      "p.discontinued",
      "p.price_selling",
      "p.ecotaxe",
      "p.weight_gross",
      "p.weight_net",
      "p.is_mmsi",
      "p.is_hazardous",
      "p.properties",
    ]);
  if (query.in_stock) {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom("stocks as s").select("s.product_id").whereRef("s.product_id", "=", "p.id").where("s.sto_disp", ">", 0)),
    );
  }
  // Only a promotion the price block shows: lower than the organization's own price (when that
  // is 0, so is the list price less the discount: shared/domain/pricing.ts lineNetPrice).
  if (query.promo) base = base.where("promo.promo_price", "<", orgNetPrice);
  if (query.q) {
    const tsq = tsQuery === null ? null : sql`to_tsquery('french', f_unaccent(${tsQuery}))`;
    base = base.where((eb) => {
      const byRef = eb("p.ref_norm", "like", refPrefix);
      return tsq === null ? byRef : eb.or([byRef, eb(sql`p.search`, "@@", tsq)]);
    });
  }

  const brands = query.with_brands === "1" ? await brandCountsOf(db as unknown as Kysely<Database>, base, query.brand) : undefined;
  const withBrandsOf = <T extends object>(answer: T) => (brands ? { ...answer, brands } : answer);
  if (query.brand !== undefined) base = base.where("p.brand_id", "=", query.brand);

  const totalRow = await base
    .clearSelect()
    .select(sql<number>`count(*)::int`.as("total"))
    .executeTakeFirst();
  const total = totalRow?.total ?? 0;
  if (total === 0) return withBrandsOf({ rows: [], total });

  const sort = !priceSortAllowed && query.sort.startsWith("price") ? "reference" : query.sort;
  const offset = (query.page - 1) * query.per_page;
  if (sort === "name") {
    // French order, as the catalogue's lists (docs/decisions/0093), which the database's C
    // collation cannot give: sorted here, among at most MAX_FAVORITES rows.
    const all = await base.orderBy("p.ref").execute();
    return withBrandsOf({ rows: byFrenchTitle(all).slice(offset, offset + query.per_page), total });
  }
  let page = base;
  if (sort === "price_asc") page = page.orderBy(effectivePrice, "asc");
  else if (sort === "price_desc") page = page.orderBy(effectivePrice, "desc");
  else if (sort === "relevance") page = page.orderBy(sql`f.created_at`, "desc");
  const rows = await page.orderBy("p.ref").limit(query.per_page).offset(offset).execute();
  return withBrandsOf({ rows, total });
}

type FavoritesBase = ReturnType<typeof pricedProducts>;

/**
 * The brands of the favourites as filtered by everything but the brand, with counts, in French
 * order, as the catalogue's lists count them (decision 0128): the chosen brand stays with 0 when
 * the other filters leave none of its products, so the filter still shows what is chosen.
 */
async function brandCountsOf(db: Kysely<Database>, base: FavoritesBase, chosen: number | undefined): Promise<BrandCount[]> {
  const counted = await base
    .clearSelect()
    .innerJoin("brands as cb", "cb.id", "p.brand_id")
    .select(["cb.id as obj_id", "cb.slug as obj_slug", "cb.title as obj_title", sql<number>`count(*)::int`.as("product_count")])
    .groupBy(["cb.id", "cb.slug", "cb.title"])
    .execute();
  const brands: BrandCount[] = counted.map((row) => ({
    obj_id: row.obj_id,
    obj_slug: row.obj_slug,
    obj_title: row.obj_title,
    product_count: row.product_count,
  }));
  if (chosen !== undefined && !brands.some((brand) => brand.obj_id === chosen)) {
    const brand = await db.selectFrom("brands").select(["id", "slug", "title"]).where("id", "=", chosen).executeTakeFirst();
    if (brand) brands.push({ obj_id: brand.id, obj_slug: brand.slug, obj_title: brand.title, product_count: 0 });
  }
  return brands.sort((a, b) => frenchOrder.compare(a.obj_title, b.obj_title));
}
