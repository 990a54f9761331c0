import { sql, type Expression, type Kysely, type RawBuilder } from "kysely";
import type { ProductListQuery } from "../../../shared/contracts/api";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";
import { effectivePrice, pricedProducts } from "./pricing";
import type { PricedProductRow, ProductDetailRow } from "./product-view";

/** Priced products with the columns every product view needs. */
function selectSummary(db: Kysely<Database>, orgId: number, today: string) {
  return pricedProducts(db, orgId, today)
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id", "p.ref", "p.title", "p.name", "p.brand_id", "b.slug as brand_slug", "b.title as brand_title",
      "p.images", "p.is_port", "p.discontinued", "p.price_selling", "p.ecotaxe", "p.weight_gross",
      "p.weight_net", "p.is_mmsi", "p.is_hazardous", "p.properties",
    ]);
}

export async function findProductDetail(
  db: Kysely<Database>,
  orgId: number,
  today: string,
  refOrId: string,
): Promise<ProductDetailRow | undefined> {
  const byId = /^\d{1,9}$/.test(refOrId);
  const reference = refOrId.trim().toUpperCase().replace(/\s+/g, "");
  const row = await selectSummary(db, orgId, today)
    .select(["p.description", "p.category_id", "p.documents", "p.certificates_info"])
    .where((eb) => (byId ? eb("p.id", "=", Number(refOrId)) : eb("p.ref_norm", "=", reference)))
    .executeTakeFirst();
  return row satisfies ProductDetailRow | undefined;
}

/** Words of a search as a French prefix query: "antenne vhf" → antenne:* & vhf:*. */
export function toPrefixTsQuery(q: string): string | null {
  const words = q.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, 8).map((word) => `${word}:*`);
  return terms.length > 0 ? terms.join(" & ") : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ListingResult {
  rows: PricedProductRow[];
  total: number;
}

/** Only what filters need: counting and paging stay cheap; prices are joined for one page. */
function filteredProducts(
  db: Kysely<Database>,
  orgId: number,
  today: string,
  query: ProductListQuery,
  tsq: RawBuilder<unknown> | null,
  categoryIds: number[] | undefined,
) {
  let base = db.selectFrom("products as p").where("p.is_port", "=", false).where("p.discontinued", "=", false);
  if (categoryIds !== undefined) base = base.where("p.category_id", "in", categoryIds);
  if (query.brand !== undefined) base = base.where("p.brand_id", "=", query.brand);
  if (query.in_stock) {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom("stocks as s").select("s.product_id").whereRef("s.product_id", "=", "p.id").where("s.sto_disp", ">", 0)),
    );
  }
  if (query.promo) {
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom("promotions as pr").select("pr.id").whereRef("pr.product_id", "=", "p.id")
          .where((w) => w.or([w("pr.org_id", "is", null), w("pr.org_id", "=", orgId)]))
          .where("pr.starts_on", "<=", today).where("pr.ends_on", ">=", today),
      ),
    );
  }
  if (query.q !== undefined && query.q !== "") {
    const refPrefix = `${escapeLike(query.q.toUpperCase().replace(/\s+/g, ""))}%`;
    base = base.where((eb) => {
      const byRef = eb("p.ref_norm", "like", refPrefix);
      return tsq === null ? byRef : eb.or([byRef, eb(sql`p.search`, "@@", tsq)]);
    });
  }
  return base;
}

type Ordering = [Expression<unknown>, "asc" | "desc"];

/** The ORDER BY of a listing; it only uses columns of `p` and the price joins, present in both queries. */
function orderingsOf(sort: ProductListQuery["sort"], q: string | undefined, tsq: RawBuilder<unknown> | null): Ordering[] {
  const byRef: Ordering = [sql.ref("p.ref"), "asc"];
  if (sort === "price_asc" || sort === "price_desc") return [[effectivePrice, sort === "price_asc" ? "asc" : "desc"], byRef];
  if (sort === "name") return [[sql.ref("p.title"), "asc"], byRef];
  if (sort === "relevance" && tsq !== null && q) {
    const refPrefix = `${escapeLike(q.toUpperCase().replace(/\s+/g, ""))}%`;
    return [[sql`(p.ref_norm like ${refPrefix})`, "desc"], [sql`ts_rank(p.search, ${tsq})`, "desc"], byRef];
  }
  return [byRef];
}

function ordered<Q extends { orderBy(expression: Expression<unknown>, direction: "asc" | "desc"): Q }>(query: Q, orderings: Ordering[]): Q {
  return orderings.reduce((current, [expression, direction]) => current.orderBy(expression, direction), query);
}

/**
 * A category (with its sub-categories) or a brand, filtered and sorted, one page at a time,
 * in one query: the page's ids (sorted in the listed-products indexes of 0005_performance)
 * joined to their prices. The total of a listing whose filters are the same for every caller
 * (category, brand, words) is cached for a short time; promotions and stock are counted live.
 * `priceSortAllowed` is false for an account that may not see prices (no ordering leak).
 */
export async function listProducts(
  deps: { db: Kysely<Database>; catalogue: CatalogueCache },
  orgId: number,
  today: string,
  query: ProductListQuery,
  priceSortAllowed: boolean,
): Promise<ListingResult> {
  const { db, catalogue } = deps;
  const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
  const tsq = tsQuery === null ? null : sql`to_tsquery('french', f_unaccent(${tsQuery}))`;
  // Literal ids (not a recursive subquery) let the planner use the category indexes.
  const categoryIds = query.category === undefined ? undefined : await catalogue.descendantIds(query.category);
  if (categoryIds?.length === 0) return { rows: [], total: 0 };
  const filtered = filteredProducts(db, orgId, today, query, tsq, categoryIds);
  const countAll = async () => (await filtered.select(sql<number>`count(*)::int`.as("total")).executeTakeFirst())?.total ?? 0;
  const sameForEveryone = !query.in_stock && !query.promo;
  const totalKey = JSON.stringify([query.category ?? null, query.brand ?? null, tsQuery]);

  const sort = !priceSortAllowed && query.sort.startsWith("price") ? "reference" : query.sort;
  const orderings = orderingsOf(sort, query.q, tsq);
  const pageIds = sort.startsWith("price")
    ? pricedProducts(db, orgId, today).clearSelect().select("p.id").where("p.id", "in", filtered.select("p.id"))
    : filtered.select("p.id");
  const page = ordered(pageIds, orderings).limit(query.per_page).offset((query.page - 1) * query.per_page);
  const [total, rows] = await Promise.all([
    sameForEveryone ? catalogue.listingTotal(totalKey, countAll) : countAll(),
    ordered(selectSummary(db, orgId, today).where("p.id", "in", page), orderings).execute(),
  ]);
  return { rows, total };
}
