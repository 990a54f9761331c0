import { sql, type Kysely, type RawBuilder } from "kysely";
import type { ProductListQuery } from "../../../shared/contracts/api";
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

/** A category and all the categories below it (the whole tree is a few hundred rows). */
async function descendantCategoryIds(db: Kysely<Database>, rootId: number): Promise<number[]> {
  const rows = await db.selectFrom("categories").select(["id", "parent_id"]).execute();
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  }
  if (!rows.some((row) => row.id === rootId)) return [];
  const result: number[] = [];
  const pending = [rootId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    result.push(id);
    pending.push(...(children.get(id) ?? []));
  }
  return result;
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

/**
 * A category (with its sub-categories) or a brand, filtered and sorted, one page at a time.
 * `priceSortAllowed` is false for an account that may not see prices (no ordering leak).
 */
export async function listProducts(
  db: Kysely<Database>,
  orgId: number,
  today: string,
  query: ProductListQuery,
  priceSortAllowed: boolean,
): Promise<ListingResult> {
  const tsQuery = query.q ? toPrefixTsQuery(query.q) : null;
  const tsq = tsQuery === null ? null : sql`to_tsquery('french', f_unaccent(${tsQuery}))`;
  // Literal ids (not a recursive subquery) let the planner use the category indexes.
  const categoryIds = query.category === undefined ? undefined : await descendantCategoryIds(db, query.category);
  if (categoryIds?.length === 0) return { rows: [], total: 0 };
  const filtered = filteredProducts(db, orgId, today, query, tsq, categoryIds);
  const totalRow = await filtered.select(sql<number>`count(*)::int`.as("total")).executeTakeFirst();
  const total = totalRow?.total ?? 0;
  if (total === 0) return { rows: [], total };

  const sort = !priceSortAllowed && query.sort.startsWith("price") ? "reference" : query.sort;
  const offset = (query.page - 1) * query.per_page;
  let ids: number[];
  if (sort === "price_asc" || sort === "price_desc") {
    const priced = pricedProducts(db, orgId, today).select("p.id").where("p.id", "in", filtered.select("p.id"));
    const page = await priced.orderBy(effectivePrice, sort === "price_asc" ? "asc" : "desc").orderBy("p.ref").limit(query.per_page).offset(offset).execute();
    ids = page.map((row) => row.id);
  } else {
    let page = filtered.select("p.id");
    if (sort === "name") page = page.orderBy("p.title");
    else if (sort === "relevance" && tsq !== null && query.q) {
      const refPrefix = `${escapeLike(query.q.toUpperCase().replace(/\s+/g, ""))}%`;
      page = page.orderBy(sql`(p.ref_norm like ${refPrefix}) desc`).orderBy(sql`ts_rank(p.search, ${tsq})`, "desc");
    }
    ids = (await page.orderBy("p.ref").limit(query.per_page).offset(offset).execute()).map((row) => row.id);
  }
  if (ids.length === 0) return { rows: [], total };
  const rows = await selectSummary(db, orgId, today).where("p.id", "in", ids).execute();
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { rows, total };
}
