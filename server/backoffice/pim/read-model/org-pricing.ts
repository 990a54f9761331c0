import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export interface Promotion {
  id: number;
  promo_price: number;
  name: string;
  /** YYYY-MM-DD, inclusive. */
  starts_on: string;
  ends_on: string;
}

/** What one organization pays beyond the list prices (docs/decisions/0021-pricing.md). */
export interface OrgPricing {
  productPrices: ReadonlyMap<number, number>;
  /** Percent off the list price, per brand (numeric(5,2)). */
  brandDiscounts: ReadonlyMap<number, number>;
  /** The organization's own promotions, per product. */
  promotions: ReadonlyMap<number, readonly Promotion[]>;
}

/** The promotions for everyone, per product. */
export type PromotionIndex = ReadonlyMap<number, readonly Promotion[]>;

export interface ProductPrice {
  prc_price: number;
  prc_discount: number;
  prc_promo_price: number | null;
  prc_promo_name: string | null;
}

interface Priceable {
  id: number;
  brand_id: number | null;
  price_selling: number;
}

/** PostgreSQL's round() of a non-negative numeric n / d: half away from zero, in integers. */
function roundedQuotient(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The lowest promotion of `list` running on `today`, if lower than `best`. */
function lowerPromotion(list: readonly Promotion[] | undefined, today: string, best: Promotion | null): Promotion | null {
  if (!list) return best;
  for (const promotion of list) {
    if (promotion.starts_on > today || promotion.ends_on < today) continue;
    if (!best || promotion.promo_price < best.promo_price || (promotion.promo_price === best.promo_price && promotion.id < best.id)) {
      best = promotion;
    }
  }
  return best;
}

/**
 * One product's prices for one organization, the same figures pricing.ts computes in SQL (the
 * two are compared product by product in tests/integration/backoffice/read-model.test.ts):
 * an org-specific price, else the list price less the org's brand discount, else the list
 * price; the discount shown is the one of the specific price (two decimals) or the brand's;
 * the promotion is the lowest active one. Integer arithmetic only: no float rounding at .5.
 */
export function priceOf(product: Priceable, pricing: OrgPricing, everyone: PromotionIndex, today: string): ProductPrice {
  const specific = pricing.productPrices.get(product.id);
  const brandDiscount = product.brand_id === null ? 0 : (pricing.brandDiscounts.get(product.brand_id) ?? 0);
  const discountHundredths = Math.round(brandDiscount * 100);
  const listed = product.price_selling;
  const price = specific ?? roundedQuotient(listed * (10000 - discountHundredths), 10000);
  let discount = brandDiscount;
  if (specific !== undefined && listed > 0) {
    const saved = (listed - specific) * 10000;
    discount = saved <= 0 ? 0 : roundedQuotient(saved, listed) / 100;
  }
  // The lowest active one, for everyone or for this organization.
  const promotion = lowerPromotion(pricing.promotions.get(product.id), today, lowerPromotion(everyone.get(product.id), today, null));
  return {
    prc_price: price,
    prc_discount: discount,
    prc_promo_price: promotion?.promo_price ?? null,
    prc_promo_name: promotion?.name ?? null,
  };
}

/** What the customer pays per unit: the price sorts use it (pricing.ts effectivePrice). */
export function effectivePriceOf(price: ProductPrice): number {
  return price.prc_promo_price === null ? price.prc_price : Math.min(price.prc_price, price.prc_promo_price);
}

function groupPromotions(rows: (Promotion & { product_id: number })[]): Map<number, Promotion[]> {
  const byProduct = new Map<number, Promotion[]>();
  for (const { product_id, ...promotion } of rows) {
    const list = byProduct.get(product_id);
    if (list) list.push(promotion);
    else byProduct.set(product_id, [promotion]);
  }
  return byProduct;
}

const PROMOTION_COLUMNS = ["id", "product_id", "promo_price", "name", "starts_on", "ends_on"] as const;

export async function loadOrgPricing(db: Kysely<Database>, orgId: number): Promise<OrgPricing> {
  const [prices, discounts, promotions] = await Promise.all([
    db.selectFrom("org_product_prices").select(["product_id", "price"]).where("org_id", "=", orgId).execute(),
    db.selectFrom("org_brand_discounts").select(["brand_id", "discount"]).where("org_id", "=", orgId).execute(),
    db.selectFrom("promotions").select(PROMOTION_COLUMNS).where("org_id", "=", orgId).execute(),
  ]);
  return {
    productPrices: new Map(prices.map((row) => [row.product_id, row.price])),
    brandDiscounts: new Map(discounts.map((row) => [row.brand_id, row.discount])),
    promotions: groupPromotions(promotions),
  };
}

export async function loadPromotionsForEveryone(db: Kysely<Database>): Promise<PromotionIndex> {
  return groupPromotions(await db.selectFrom("promotions").select(PROMOTION_COLUMNS).where("org_id", "is", null).execute());
}
