import type { Kysely } from "kysely";
import { frenchOrder } from "@shared/domain/french-order";
import type { Database } from "../../db/schema";
import type { ProductDetailRow } from "../product-view";

type PriceColumns = "prc_price" | "prc_discount" | "prc_promo_price" | "prc_promo_name";

/** A product as the database has it, without the caller's prices, plus its two sort ranks. */
export interface IndexedProduct extends Omit<ProductDetailRow, PriceColumns> {
  ref_norm: string;
  is_motor: boolean;
  is_antenna: boolean;
  is_tag: boolean;
  /** Position in the database's own ORDER BY ref (its collation, not JavaScript's). */
  ref_rank: number;
  /** Position in French title order (shared/domain/french-order.ts), ties by reference. */
  title_rank: number;
}

export const byRefRank = (a: IndexedProduct, b: IndexedProduct) => a.ref_rank - b.ref_rank;
export const byTitleRank = (a: IndexedProduct, b: IndexedProduct) => a.title_rank - b.title_rank;

/** Shown in lists and searches: neither a shipping line nor discontinued. */
function isListed(product: IndexedProduct): boolean {
  return !product.is_port && !product.discontinued;
}

/**
 * Every product of the catalogue, held in memory and read-only once built: by id, by
 * normalized reference, and the listed ones by category and by brand, each in reference
 * order. What a listing needs beyond that (the union of a category's descendants) is built on
 * first use and kept with the index, so it is thrown away with it when the catalogue changes.
 */
export class ProductIndex {
  readonly listed: readonly IndexedProduct[];
  private readonly byId = new Map<number, IndexedProduct>();
  private readonly byRef = new Map<string, IndexedProduct>();
  private readonly byCategory = new Map<number, IndexedProduct[]>();
  private readonly byBrand = new Map<number, IndexedProduct[]>();
  private readonly unions = new Map<string, readonly IndexedProduct[]>();

  constructor(products: readonly IndexedProduct[]) {
    const sorted = [...products].sort(byRefRank);
    this.listed = sorted.filter(isListed);
    for (const product of sorted) {
      this.byId.set(product.id, product);
      this.byRef.set(product.ref_norm, product);
    }
    for (const product of this.listed) {
      if (product.category_id !== null) pushTo(this.byCategory, product.category_id, product);
      if (product.brand_id !== null) pushTo(this.byBrand, product.brand_id, product);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): IndexedProduct | undefined {
    return this.byId.get(id);
  }

  /** By normalized reference (upper case, no spaces). */
  getByRef(refNorm: string): IndexedProduct | undefined {
    return this.byRef.get(refNorm);
  }

  brandListed(brandId: number): readonly IndexedProduct[] {
    return this.byBrand.get(brandId) ?? [];
  }

  /** The listed products of these categories, in reference order. */
  categoriesListed(categoryIds: readonly number[]): readonly IndexedProduct[] {
    if (categoryIds.length === 1) return this.byCategory.get(categoryIds[0] ?? 0) ?? [];
    const key = categoryIds.join(",");
    const known = this.unions.get(key);
    if (known) return known;
    const union = categoryIds.flatMap((id) => this.byCategory.get(id) ?? []).sort(byRefRank);
    // Bounded: a tree has a few hundred categories, so this stops growing by itself.
    if (this.unions.size < 5000) this.unions.set(key, union);
    return union;
  }
}

function pushTo(map: Map<number, IndexedProduct[]>, key: number, product: IndexedProduct): void {
  const list = map.get(key);
  if (list) list.push(product);
  else map.set(key, [product]);
}

/**
 * Reads the whole products table once, in reference order. The title order is French, in
 * JavaScript (docs/decisions/0093): the database's C collation puts "Écoute" after "Winch".
 */
export async function loadProductIndex(db: Kysely<Database>): Promise<ProductIndex> {
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "p.id",
      "p.ref",
      "p.ref_norm",
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
      "p.is_motor",
      "p.is_antenna",
      "p.is_tag",
      "p.properties",
      "p.description",
      "p.category_id",
      "p.documents",
      "p.certificates_info",
    ])
    .orderBy("p.ref")
    .execute();
  // A stable sort of rows in reference order: equal titles stay by reference.
  const byTitle = rows.map((row, refRank) => ({ row, refRank })).sort((a, b) => frenchOrder.compare(a.row.title, b.row.title));
  return new ProductIndex(byTitle.map(({ row, refRank }, titleRank) => ({ ...row, title_rank: titleRank, ref_rank: refRank })));
}
