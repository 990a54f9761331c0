import { sql, type Kysely } from "kysely";
import type { PriceListQuery, PriceListResponse, PriceListRow } from "@shared/contracts/price-list";
import type { Category } from "@shared/contracts/entities";
import type { CatalogueCache } from "../cache/catalogue";
import type { Database } from "../db/schema";
import { toPrefixTsQuery } from "./search";
import { priceOf, type OrgPricing, type Promotion, type PromotionIndex } from "./read-model/org-pricing";
import type { IndexedProduct, ProductIndex } from "./read-model/product-index";
import type { CatalogueReadModel } from "./read-model/read-model";

/**
 * The organization's price list (docs/price-list.md), built from the in-memory catalogue
 * (read-model/): the listed products (neither shipping lines nor discontinued) in reference
 * order, each with the organization's prices as the cart computes them (org-pricing.ts
 * priceOf) and the promotion that applies to it: the lowest one running today, else the next
 * one to come. A page of 1,000 rows is a slice of an array and 1,000 price look-ups.
 */

export interface PriceListDeps {
  db: Kysely<Database>;
  catalogue: CatalogueCache;
  readModel: CatalogueReadModel;
}

export type PriceListFilters = Omit<PriceListQuery, "org_id">;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The listed products whose reference starts with the text (case and spaces ignored) or whose
 * search document (categories, title, reference, brand, description) has every word as a word's
 * beginning (French full text: accents, case and plurals ignored), the same match as the
 * catalogue search (search.ts). Order does not matter here: the price list is in reference order.
 */
async function matchingIds(db: Kysely<Database>, q: string): Promise<number[]> {
  const tsQuery = toPrefixTsQuery(q);
  const refPrefix = `${escapeLike(q.toUpperCase().replace(/\s+/g, ""))}%`;
  const byRefPrefix = sql<boolean>`(p.ref_norm like ${refPrefix})`;
  const rows = await db
    .selectFrom("products as p")
    .select("p.id")
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false)
    .where((eb) =>
      tsQuery === null
        ? eb(byRefPrefix, "=", true)
        : eb.or([eb(byRefPrefix, "=", true), eb(sql`p.search`, "@@", sql`to_tsquery('french', f_unaccent(${tsQuery}))`)]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Category titles by id, built once per tree (the cache hands the same tree until it changes). */
const categoryTitles = new WeakMap<Category[], Map<number, string>>();

function titlesOf(tree: Category[]): Map<number, string> {
  let titles = categoryTitles.get(tree);
  if (!titles) {
    const found = new Map<number, string>();
    const visit = (node: Category): void => {
      found.set(node.obj_id, node.obj_title);
      node.obj_childs.forEach(visit);
    };
    tree.forEach(visit);
    categoryTitles.set(tree, (titles = found));
  }
  return titles;
}

/**
 * The promotion shown for a product: among the organization's own and those for everyone, the
 * lowest running on `today`, else the one starting next (the lowest of that day). Only one
 * lower than the organization's net price counts: the cart applies no other
 * (shared/domain/pricing.ts isPromotionApplied), so a higher one would promise nothing.
 */
export function promotionOf(
  productId: number,
  org: OrgPricing,
  everyone: PromotionIndex,
  today: string,
  netPrice: number,
): Promotion | null {
  let running: Promotion | null = null;
  let coming: Promotion | null = null;
  const consider = (list: readonly Promotion[] | undefined): void => {
    if (!list) return;
    for (const promotion of list) {
      if (promotion.promo_price >= netPrice || promotion.ends_on < today) continue;
      if (promotion.starts_on <= today) {
        if (
          !running ||
          promotion.promo_price < running.promo_price ||
          (promotion.promo_price === running.promo_price && promotion.id < running.id)
        ) {
          running = promotion;
        }
      } else if (
        !coming ||
        promotion.starts_on < coming.starts_on ||
        (promotion.starts_on === coming.starts_on &&
          (promotion.promo_price < coming.promo_price || (promotion.promo_price === coming.promo_price && promotion.id < coming.id)))
      ) {
        coming = promotion;
      }
    }
  };
  consider(everyone.get(productId));
  consider(org.promotions.get(productId));
  return running ?? coming;
}

/** The candidates in reference order: a category's (with its descendants) or a brand's, then the words. */
function candidatesOf(
  index: ProductIndex,
  filters: PriceListFilters,
  categoryIds: readonly number[] | undefined,
  found: ReadonlySet<number> | undefined,
): readonly IndexedProduct[] {
  let products: readonly IndexedProduct[];
  if (categoryIds) {
    products = index.categoriesListed(categoryIds);
    if (filters.brand !== undefined) products = products.filter((product) => product.brand_id === filters.brand);
  } else if (filters.brand !== undefined) {
    products = index.brandListed(filters.brand);
  } else {
    products = index.listed;
  }
  return found ? products.filter((product) => found.has(product.id)) : products;
}

export async function loadPriceList(
  deps: PriceListDeps,
  orgId: number,
  today: string,
  filters: PriceListFilters,
): Promise<PriceListResponse> {
  const { db, catalogue, readModel } = deps;
  const empty: PriceListResponse = { items: [], total: 0, page: filters.page, size: filters.size, priced_on: today };
  const categoryIds = filters.category === undefined ? undefined : await catalogue.descendantIds(filters.category);
  if (categoryIds?.length === 0) return empty;
  const words = filters.q ?? "";
  const searchKey = JSON.stringify(["price-list", toPrefixTsQuery(words), words.toUpperCase().replace(/\s+/g, "")]);
  const [index, pricing, tree, searchIds] = await Promise.all([
    readModel.products(),
    readModel.pricing(orgId),
    catalogue.categoryTree(),
    words === "" ? undefined : readModel.searches.get(searchKey, () => matchingIds(db, words)),
  ]);
  if (searchIds?.length === 0) return empty;
  const candidates = candidatesOf(index, filters, categoryIds, searchIds ? new Set(searchIds) : undefined);
  const titles = titlesOf(tree);
  const start = (filters.page - 1) * filters.size;
  const items = candidates.slice(start, start + filters.size).map((product): PriceListRow => {
    const price = priceOf(product, pricing.org, pricing.everyone, today);
    const promotion = promotionOf(product.id, pricing.org, pricing.everyone, today, price.prc_price);
    return {
      obj_id: product.id,
      obj_ref: product.ref,
      title: product.title,
      brand: product.brand_title,
      category: product.category_id === null ? null : (titles.get(product.category_id) ?? null),
      list_price: product.price_selling,
      discount_pct: Math.min(100, Math.max(0, price.prc_discount)),
      net_price: price.prc_price,
      promotion: promotion
        ? { name: promotion.name, price: promotion.promo_price, starts_on: promotion.starts_on, ends_on: promotion.ends_on }
        : null,
      ecotax: product.ecotaxe,
    };
  });
  return { items, total: candidates.length, page: filters.page, size: filters.size, priced_on: today };
}
