import type { ProductListQuery } from "@shared/contracts/api";
import { frenchOrder } from "@shared/domain/french-order";
import { isPromotionApplied } from "@shared/domain/pricing";
import type { PricedProductRow, ProductDetailRow } from "../product-view";
import { effectivePriceOf, priceOf, type OrgPricing, type ProductPrice, type PromotionIndex } from "./org-pricing";
import { byRefRank, byTitleRank, type IndexedProduct, type ProductIndex } from "./product-index";

export interface Pricing {
  org: OrgPricing;
  everyone: PromotionIndex;
  /** YYYY-MM-DD in Europe/Paris. */
  today: string;
}

/** Where a listing's candidates come from, before the caller's filters. */
export interface ListingSource {
  index: ProductIndex;
  /** Descendants of the query's category (itself included), when it has one. */
  categoryIds?: readonly number[];
  /** Ids matching the query's words, most relevant first, when it has words. */
  searchIds?: readonly number[];
  /** Ids with stock, among the given candidates (only asked for when in_stock is set). */
  inStock?: (ids: number[]) => Promise<ReadonlySet<number>>;
}

export function withPrice(product: IndexedProduct, pricing: Pricing): ProductDetailRow {
  return { ...product, ...priceOf(product, pricing.org, pricing.everyone, pricing.today) };
}

/** The products of the source, and of the query's brand when `withBrand` (the brand's own list when it is the only scope). */
function candidatesOf(source: ListingSource, query: ProductListQuery, withBrand: boolean): readonly IndexedProduct[] {
  const { index } = source;
  const brand = withBrand ? query.brand : undefined;
  if (source.searchIds) {
    const found: IndexedProduct[] = [];
    const inCategories = source.categoryIds ? new Set(source.categoryIds) : null;
    for (const id of source.searchIds) {
      const product = index.get(id);
      if (!product) continue;
      if (inCategories && (product.category_id === null || !inCategories.has(product.category_id))) continue;
      if (brand !== undefined && product.brand_id !== brand) continue;
      found.push(product);
    }
    return found;
  }
  if (source.categoryIds) {
    const listed = index.categoriesListed(source.categoryIds);
    return brand === undefined ? listed : listed.filter((product) => product.brand_id === brand);
  }
  if (brand !== undefined) return index.brandListed(brand);
  return index.listed;
}

/** A brand of a list and how many of its products the list has. */
export interface BrandCount {
  obj_id: number;
  obj_slug: string;
  obj_title: string;
  product_count: number;
}

/**
 * The brands of these products with their counts, in French order: the brand filter offers
 * only what the list holds. The brand already chosen stays, with 0, when the other filters
 * leave none of its products, so the filter still shows what is chosen.
 */
/**
 * The brand counts of the same candidates (a category's or a brand's products: arrays the
 * index keeps) are the same for everyone until the catalogue changes: counted and sorted once
 * (the French collation of a few hundred names was a seventh of a category page's CPU).
 */
const brandCountsByList = new WeakMap<readonly IndexedProduct[], readonly BrandCount[]>();

function brandCountsOf(products: readonly IndexedProduct[], index: ProductIndex, chosen: number | undefined): readonly BrandCount[] {
  let counts = brandCountsByList.get(products);
  if (!counts) brandCountsByList.set(products, (counts = countBrands(products)));
  if (chosen === undefined || counts.some((brand) => brand.obj_id === chosen)) return counts;
  // Its name from any of its products; a brand with none listed anywhere is no choice at all.
  const sample = index.brandListed(chosen)[0];
  if (!sample) return counts;
  const none: BrandCount = { obj_id: chosen, obj_slug: sample.brand_slug ?? "", obj_title: sample.brand_title ?? "", product_count: 0 };
  return [...counts, none].sort((a, b) => frenchOrder.compare(a.obj_title, b.obj_title));
}

function countBrands(products: readonly IndexedProduct[]): readonly BrandCount[] {
  const counts = new Map<number, BrandCount>();
  for (const product of products) {
    if (product.brand_id === null) continue;
    const known = counts.get(product.brand_id);
    if (known) known.product_count += 1;
    else
      counts.set(product.brand_id, {
        obj_id: product.brand_id,
        obj_slug: product.brand_slug ?? "",
        obj_title: product.brand_title ?? "",
        product_count: 1,
      });
  }
  return [...counts.values()].sort((a, b) => frenchOrder.compare(a.obj_title, b.obj_title));
}

/** Candidates come in reference order, or in relevance order from a search: sort only when needed. */
function sorted(
  products: readonly IndexedProduct[],
  sort: ProductListQuery["sort"],
  pricing: Pricing,
  fromSearch: boolean,
): readonly IndexedProduct[] {
  if (sort === "relevance" || (sort === "reference" && !fromSearch)) return products;
  if (sort === "reference") return [...products].sort(byRefRank);
  if (sort === "name") return byName(products);
  return byPrice(products, sort === "price_asc" ? 1 : -1, pricing);
}

/** Name orders of the same candidates are the same for everyone until the catalogue changes. */
const nameOrders = new WeakMap<readonly IndexedProduct[], readonly IndexedProduct[]>();

function byName(products: readonly IndexedProduct[]): readonly IndexedProduct[] {
  let ordered = nameOrders.get(products);
  if (!ordered) nameOrders.set(products, (ordered = [...products].sort(byTitleRank)));
  return ordered;
}

/**
 * Price orders of the same candidates (a category's or a brand's products: arrays the index
 * keeps) for the same organization and day are the same: kept beside that organization's
 * prices, so they go when the prices or the catalogue change (the keys are those objects).
 */
const priceOrders = new WeakMap<OrgPricing, WeakMap<readonly IndexedProduct[], Map<string, readonly IndexedProduct[]>>>();

function byPrice(products: readonly IndexedProduct[], direction: 1 | -1, pricing: Pricing): readonly IndexedProduct[] {
  let forOrg = priceOrders.get(pricing.org);
  if (!forOrg) priceOrders.set(pricing.org, (forOrg = new WeakMap()));
  let forProducts = forOrg.get(products);
  if (!forProducts) forOrg.set(products, (forProducts = new Map()));
  const key = `${pricing.today}:${direction}`;
  const known = forProducts.get(key);
  if (known) return known;
  const keyed = products.map((product) => ({
    product,
    paid: effectivePriceOf(priceOf(product, pricing.org, pricing.everyone, pricing.today)),
  }));
  keyed.sort((a, b) => direction * (a.paid - b.paid) || a.product.ref_rank - b.product.ref_rank);
  const ordered = keyed.map((entry) => entry.product);
  forProducts.set(key, ordered);
  return ordered;
}

/**
 * The "En promotion" filter keeps what the price block shows as a promotion: one lower than
 * the organization's own price (shared/domain/pricing.ts, docs/decisions/0004), not merely a
 * running one that the organization's specific price or brand discount already beats.
 */
function hasAppliedPromotion(product: IndexedProduct, price: ProductPrice): boolean {
  return isPromotionApplied({ ...price, prd_price_selling: product.price_selling });
}

/**
 * The promotions among the same candidates for the same organization and day are the same:
 * kept beside the promotions and the organization's prices (so they go when either changes).
 * The home page asks for the whole catalogue's promotions at each visit: 50,000 prices were
 * worked out each time (90–220 ms of the back-office's thread).
 */
const promotedLists = new WeakMap<
  PromotionIndex,
  WeakMap<OrgPricing, WeakMap<readonly IndexedProduct[], Map<string, readonly IndexedProduct[]>>>
>();

function promotedAmong(products: readonly IndexedProduct[], pricing: Pricing): readonly IndexedProduct[] {
  let forPromotions = promotedLists.get(pricing.everyone);
  if (!forPromotions) promotedLists.set(pricing.everyone, (forPromotions = new WeakMap()));
  let forOrg = forPromotions.get(pricing.org);
  if (!forOrg) forPromotions.set(pricing.org, (forOrg = new WeakMap()));
  let forProducts = forOrg.get(products);
  if (!forProducts) forOrg.set(products, (forProducts = new Map()));
  const known = forProducts.get(pricing.today);
  if (known) return known;
  const promoted = products.filter((product) =>
    hasAppliedPromotion(product, priceOf(product, pricing.org, pricing.everyone, pricing.today)),
  );
  // One day kept per list: yesterday's goes when today's comes.
  forProducts.clear();
  forProducts.set(pricing.today, promoted);
  return promoted;
}

/**
 * A category (with its descendants), a brand, a search or the whole catalogue, filtered,
 * sorted and paged in memory, with the same answers and order as the SQL listing it replaces:
 * relevance is the search's order (or the reference without words), ties go by reference,
 * prices are what the organization pays. Only in_stock needs the database (stock is live).
 * `priceSortAllowed` is false for an account that may not see prices (no ordering leak).
 * `withBrands`: the answer also counts the brands of the list as filtered by everything but
 * its brand, so the brand filter never offers a brand that would list nothing.
 */
export async function listFromIndex(
  source: ListingSource,
  query: ProductListQuery,
  pricing: Pricing,
  priceSortAllowed: boolean,
  withBrands = false,
): Promise<{ rows: PricedProductRow[]; total: number; brands?: readonly BrandCount[] }> {
  // Without the brands' counts, the brand filters first: fewer products for the stock to be asked of.
  let products = candidatesOf(source, query, !withBrands);
  if (query.promo) products = promotedAmong(products, pricing);
  if (query.in_stock && source.inStock && products.length > 0) {
    const stocked = await source.inStock(products.map((product) => product.id));
    products = products.filter((product) => stocked.has(product.id));
  }
  const brands = withBrands ? brandCountsOf(products, source.index, query.brand) : undefined;
  if (withBrands && query.brand !== undefined) products = products.filter((product) => product.brand_id === query.brand);
  const sort = !priceSortAllowed && query.sort.startsWith("price") ? "reference" : query.sort;
  const ordered = sorted(products, sort, pricing, source.searchIds !== undefined);
  const start = (query.page - 1) * query.per_page;
  const rows = ordered.slice(start, start + query.per_page).map((product) => withPrice(product, pricing));
  return { rows, total: products.length, ...(brands ? { brands } : {}) };
}
