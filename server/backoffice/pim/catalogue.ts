import type { Kysely } from "kysely";
import type { ProductDetailQuery, ProductListQuery } from "@shared/contracts/api";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";
import type { PricedProductRow, ProductDetailRow } from "./product-view";
import { listFromIndex, withPrice, type BrandCount } from "./read-model/listing";
import type { CatalogueReadModel } from "./read-model/read-model";
import type { IndexedProduct } from "./read-model/product-index";
import { matchingIds, searchKey } from "./search";
import { productOfCode } from "../part-numbers/store";

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

/** Digits alone are an id unless `by` says they are a reference (as findProductDetail reads them). */
export function isReferenceLookup(refOrId: string, by?: ProductDetailQuery["by"]): boolean {
  return by === "ref" || !/^\d{1,9}$/.test(refOrId);
}

/**
 * The product the organization knows by this own code (docs/part-numbers.md, decision 0195),
 * with its prices, and the code as stored: one look-up on part_numbers' (org_id, code_key) key.
 */
export async function findProductByOwnCode(
  db: Kysely<Database>,
  readModel: CatalogueReadModel,
  orgId: number,
  today: string,
  typed: string,
): Promise<{ row: ProductDetailRow; code: string } | undefined> {
  const found = await productOfCode(db, orgId, typed);
  if (!found) return undefined;
  const [index, pricing] = await Promise.all([readModel.products(), readModel.pricing(orgId)]);
  const product = index.get(found.product_id);
  return product ? { row: withPrice(product, { ...pricing, today }), code: found.code } : undefined;
}

// The favourites' search (favorites/listing.ts) matches as the catalogue's does.
export { toPrefixTsQuery } from "./search";

export interface ListingResult {
  rows: PricedProductRow[];
  total: number;
  /** Asked with `with_brands`: the brands of the list before its brand filter, with counts. */
  brands?: readonly BrandCount[];
  /** The search was one of the organization's own codes, and that code's product is on this page. */
  foundByCode?: { productId: number; code: string };
}

/** The search's ids with the product of an own code first, when it is listed (neither discontinued nor a shipping line). */
function withFirst(ids: readonly number[], first: number, index: { get(id: number): IndexedProduct | undefined }): readonly number[] {
  const product = index.get(first);
  if (!product || product.is_port || product.discontinued) return ids;
  return [first, ...ids.filter((id) => id !== first)];
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
  const [index, pricing, matched, byCode] = await Promise.all([
    readModel.products(),
    readModel.pricing(orgId),
    words === "" ? undefined : readModel.searches.get(searchKey(words), () => matchingIds(db, words)),
    // The organization's own code typed whole: its product first (not cached: it is the organization's).
    words === "" ? undefined : productOfCode(db, orgId, words),
  ]);
  const searchIds = matched && byCode ? withFirst(matched, byCode.product_id, index) : matched;
  const source = { index, categoryIds, searchIds, inStock: (ids: number[]) => stockedAmong(db, ids) };
  const result = await listFromIndex(source, query, { ...pricing, today }, priceSortAllowed, query.with_brands === "1");
  const onPage = byCode !== undefined && result.rows.some((row) => row.id === byCode.product_id);
  return onPage ? { ...result, foundByCode: { productId: byCode.product_id, code: byCode.code } } : result;
}
