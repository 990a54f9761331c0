import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * What the organization pays before promotion (prc_price): its own price, else the list price
 * less its brand discount. An expression, not only a select alias, so that a where can use it.
 */
export const orgNetPrice = sql<number>`coalesce(opp.price, round(p.price_selling * (100 - coalesce(obd.discount, 0)) / 100.0)::int)`;

/**
 * Products with one organization's prices. Precedence (docs/decisions/0021-pricing.md):
 * an org-specific product price, else the list price less the org's discount on the brand,
 * else the list price. The promotion is the lowest active one for the org or for everyone.
 */
export function pricedProducts(db: Kysely<Database>, orgId: number, today: string) {
  return db
    .selectFrom("products as p")
    .leftJoin("org_product_prices as opp", (join) => join.onRef("opp.product_id", "=", "p.id").on("opp.org_id", "=", orgId))
    .leftJoin("org_brand_discounts as obd", (join) => join.onRef("obd.brand_id", "=", "p.brand_id").on("obd.org_id", "=", orgId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("promotions as pr")
          .select(["pr.promo_price", "pr.name"])
          .whereRef("pr.product_id", "=", "p.id")
          .where((w) => w.or([w("pr.org_id", "is", null), w("pr.org_id", "=", orgId)]))
          .where("pr.starts_on", "<=", today)
          .where("pr.ends_on", ">=", today)
          .orderBy("pr.promo_price")
          .limit(1)
          .as("promo"),
      (join) => join.onTrue(),
    )
    .select([
      orgNetPrice.as("prc_price"),
      sql<number>`case when opp.price is not null and p.price_selling > 0
                   then greatest(0, round((1 - opp.price::numeric / p.price_selling) * 100, 2))
                   else coalesce(obd.discount, 0) end`.as("prc_discount"),
      "promo.promo_price as prc_promo_price",
      "promo.name as prc_promo_name",
    ]);
}

/** The expression listings sort on for price orders: what the customer pays per unit. */
export const effectivePrice = sql<number>`least(${orgNetPrice}, coalesce(promo.promo_price, 2147483647))`;
