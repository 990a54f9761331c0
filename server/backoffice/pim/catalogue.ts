import { sql, type Kysely } from "kysely";
import type { ProductDetailQuery, ProductListQuery } from "@shared/contracts/api";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";
import type { PricedProductRow, ProductDetailRow } from "./product-view";
import { listFromIndex, withPrice } from "./read-model/listing";
import type { CatalogueReadModel } from "./read-model/read-model";

/**
 * A product by id or by reference (case and spaces ignored), with the organization's prices.
 * Digits alone are an id unless `by` is "ref": then they are a reference like any other.
 */
export async function findProductDetail(
  readModel: CatalogueReadModel,
  orgId: number,
  today: string,
  refOrId: string,
  by?: ProductDetailQuery["by"],
): Promise<ProductDetailRow | undefined> {
  const [index, pricing] = await Promise.all([readModel.products(), readModel.pricing(orgId)]);
  const product = by !== "ref" && /^\d{1,9}$/.test(refOrId)
    ? index.get(Number(refOrId))
    : index.getByRef(refOrId.trim().toUpperCase().replace(/\s+/g, ""));
  return product ? withPrice(product, { ...pricing, today }) : undefined;
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

/**
 * The ids of the listed products matching a search, most relevant first: a reference that
 * starts with the words (case and spaces ignored) before French full text (accents and
 * plurals ignored, each word a prefix), then by rank, then by reference. The same for every
 * caller, so the read model keeps it a short time.
 */
async function matchingIds(db: Kysely<Database>, q: string): Promise<number[]> {
  const tsQuery = toPrefixTsQuery(q);
  const tsq = tsQuery === null ? null : sql`to_tsquery('french', f_unaccent(${tsQuery}))`;
  const refPrefix = `${escapeLike(q.toUpperCase().replace(/\s+/g, ""))}%`;
  const byRefPrefix = sql<boolean>`(p.ref_norm like ${refPrefix})`;
  let query = db
    .selectFrom("products as p")
    .select("p.id")
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false)
    .where((eb) => (tsq === null ? eb(byRefPrefix, "=", true) : eb.or([eb(byRefPrefix, "=", true), eb(sql`p.search`, "@@", tsq)])))
    .orderBy(byRefPrefix, "desc");
  if (tsq !== null) query = query.orderBy(sql`ts_rank(p.search, ${tsq})`, "desc");
  const rows = await query.orderBy("p.ref").execute();
  return rows.map((row) => row.id);
}

/** Which of these products have stock now (stock is never cached). */
async function stockedAmong(db: Kysely<Database>, ids: number[]): Promise<ReadonlySet<number>> {
  let query = db.selectFrom("stocks").select("product_id").where("sto_disp", ">", 0);
  // A long list would be thousands of parameters: past 500, read every stocked id instead.
  if (ids.length <= 500) query = query.where("product_id", "in", ids);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.product_id));
}

/**
 * A category (with its sub-categories), a brand or a search, filtered, sorted and paged from
 * the in-memory catalogue (read-model/). The database is asked only for what is live or
 * costly to redo: which products match the words (kept a short time), which have stock.
 * `priceSortAllowed` is false for an account that may not see prices (no ordering leak).
 */
export async function listProducts(
  deps: { db: Kysely<Database>; catalogue: CatalogueCache; readModel: CatalogueReadModel },
  orgId: number,
  today: string,
  query: ProductListQuery,
  priceSortAllowed: boolean,
): Promise<ListingResult> {
  const { db, catalogue, readModel } = deps;
  const categoryIds = query.category === undefined ? undefined : await catalogue.descendantIds(query.category);
  if (categoryIds?.length === 0) return { rows: [], total: 0 };
  const words = query.q ?? "";
  const searchKey = JSON.stringify([toPrefixTsQuery(words), words.toUpperCase().replace(/\s+/g, "")]);
  const [index, pricing, searchIds] = await Promise.all([
    readModel.products(),
    readModel.pricing(orgId),
    words === "" ? undefined : readModel.searches.get(searchKey, () => matchingIds(db, words)),
  ]);
  const source = { index, categoryIds, searchIds, inStock: (ids: number[]) => stockedAmong(db, ids) };
  return listFromIndex(source, query, { ...pricing, today }, priceSortAllowed);
}
