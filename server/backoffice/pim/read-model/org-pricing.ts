import type { Kysely } from "kysely";
import { customerNetPrice, type PriceableProduct, type PriceCondition, type PriceConditions } from "@shared/domain/customer-price";
import type { Database } from "../../db/schema";

export interface Promotion {
  id: number;
  promo_price: number;
  name: string;
  /** YYYY-MM-DD, inclusive. */
  starts_on: string;
  ends_on: string;
}

/**
 * What one organization pays beyond the list prices (docs/decisions/0177-prices-feed-and-price-groups.md):
 * its own net prices and discounts, its price group's (one object shared by every organization
 * of the group), and its own promotions.
 */
export interface OrgPricing {
  own: PriceConditions;
  group: PriceConditions | null;
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
 * two are compared product by product in tests/integration/backoffice/read-model.test.ts): the
 * net price of the organization's own or its group's conditions (shared/domain/customer-price.ts),
 * and the lowest promotion running on `today`, for everyone or for the organization.
 */
export function priceOf(product: PriceableProduct, pricing: OrgPricing, everyone: PromotionIndex, today: string): ProductPrice {
  const net = customerNetPrice(product, pricing.own, pricing.group, today);
  const promotion = lowerPromotion(pricing.promotions.get(product.id), today, lowerPromotion(everyone.get(product.id), today, null));
  return {
    prc_price: net.price,
    prc_discount: net.discount,
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

function conditionsBy<K extends "product_id" | "brand_id">(
  rows: readonly (PriceCondition & Record<K, number>)[],
  key: K,
): Map<number, PriceCondition[]> {
  const byKey = new Map<number, PriceCondition[]>();
  for (const row of rows) {
    const condition: PriceCondition = { price: row.price, discount: row.discount, starts_on: row.starts_on, ends_on: row.ends_on };
    const list = byKey.get(row[key]);
    if (list) list.push(condition);
    else byKey.set(row[key], [condition]);
  }
  return byKey;
}

const CONDITION_COLUMNS = ["price", "discount", "starts_on", "ends_on"] as const;
const BRAND_CONDITION_COLUMNS = ["discount", "starts_on", "ends_on"] as const;

/** A price group's net prices and discounts. */
export async function loadGroupConditions(db: Kysely<Database>, groupId: number): Promise<PriceConditions> {
  const [products, brands] = await Promise.all([
    db
      .selectFrom("price_group_product_prices")
      .select(["product_id", ...CONDITION_COLUMNS])
      .where("group_id", "=", groupId)
      .execute(),
    db
      .selectFrom("price_group_brand_discounts")
      .select(["brand_id", ...BRAND_CONDITION_COLUMNS])
      .where("group_id", "=", groupId)
      .execute(),
  ]);
  return {
    products: conditionsBy(products, "product_id"),
    brands: conditionsBy(
      brands.map((row) => ({ ...row, price: null })),
      "brand_id",
    ),
  };
}

/** `groupConditionsOf` gives a group's conditions: the read model shares one object per group. */
export async function loadOrgPricing(
  db: Kysely<Database>,
  orgId: number,
  groupConditionsOf: (groupId: number) => Promise<PriceConditions> = (groupId) => loadGroupConditions(db, groupId),
): Promise<OrgPricing> {
  const [organization, prices, discounts, promotions] = await Promise.all([
    db.selectFrom("organizations").select("price_group_id").where("id", "=", orgId).executeTakeFirst(),
    db
      .selectFrom("org_product_prices")
      .select(["product_id", ...CONDITION_COLUMNS])
      .where("org_id", "=", orgId)
      .execute(),
    db
      .selectFrom("org_brand_discounts")
      .select(["brand_id", ...BRAND_CONDITION_COLUMNS])
      .where("org_id", "=", orgId)
      .execute(),
    db.selectFrom("promotions").select(PROMOTION_COLUMNS).where("org_id", "=", orgId).execute(),
  ]);
  const groupId = organization?.price_group_id ?? null;
  return {
    own: {
      products: conditionsBy(prices, "product_id"),
      brands: conditionsBy(
        discounts.map((row) => ({ ...row, price: null })),
        "brand_id",
      ),
    },
    group: groupId === null ? null : await groupConditionsOf(groupId),
    promotions: groupPromotions(promotions),
  };
}

export async function loadPromotionsForEveryone(db: Kysely<Database>): Promise<PromotionIndex> {
  return groupPromotions(await db.selectFrom("promotions").select(PROMOTION_COLUMNS).where("org_id", "is", null).execute());
}
