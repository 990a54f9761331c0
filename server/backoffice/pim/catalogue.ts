import type { Kysely } from "kysely";
import type { ProductDetailQuery, ProductListQuery } from "@shared/contracts/api";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";
import type { PricedProductRow, ProductDetailRow } from "./product-view";
import { listFromIndex, withPrice, type BrandCount } from "./read-model/listing";
import type { CatalogueReadModel } from "./read-model/read-model";
import { matchingIds, searchKey } from "./search";

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
  const product =
    by !== "ref" && /^\d{1,9}$/.test(refOrId)
      ? index.get(Number(refOrId))
      : index.getByRef(refOrId.trim().toUpperCase().replace(/\s+/g, ""));
  return product ? withPrice(product, { ...pricing, today }) : undefined;
}

// The favourites' search (favorites/listing.ts) matches as the catalogue's does.
export { toPrefixTsQuery } from "./search";

export interface ListingResult {
  rows: PricedProductRow[];
  total: number;
  /** Asked with `with_brands`: the brands of the list before its brand filter, with counts. */
  brands?: readonly BrandCount[];
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
  if (categoryIds?.length === 0) return { rows: [], total: 0, ...(query.with_brands === "1" ? { brands: [] } : {}) };
  const words = query.q ?? "";
  const [index, pricing, searchIds] = await Promise.all([
    readModel.products(),
    readModel.pricing(orgId),
    words === "" ? undefined : readModel.searches.get(searchKey(words), () => matchingIds(db, words)),
  ]);
  const source = { index, categoryIds, searchIds, inStock: (ids: number[]) => stockedAmong(db, ids) };
  return listFromIndex(source, query, { ...pricing, today }, priceSortAllowed, query.with_brands === "1");
}
