import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../db/schema";

/**
 * Conditions of the organization's own and of its price group's, one row each per product:
 * the precedence of shared/domain/customer-price.ts, which the in-memory catalogue applies
 * (docs/decisions/0177-prices-feed-and-price-groups.md). A level's net price (own_product.price,
 * group_product.price) wins; else its discount on the product, else on the brand.
 */
const levelNet = sql`coalesce(own_product.price, case when own_product.discount is null and own_brand.discount is null then group_product.price end)`;
const levelDiscount = sql`coalesce(own_product.discount, own_brand.discount, group_product.discount, group_brand.discount)`;

/**
 * What the organization pays before promotion (prc_price): the condition's net price, else the
 * list price less its discount (rounded half away from zero), else the list price. An
 * expression, not only a select alias, so that a where can use it.
 */
export const orgNetPrice = sql<number>`coalesce(${levelNet}, round(p.price_selling * (100 - coalesce(${levelDiscount}, 0)) / 100.0)::int)`;

/** A dated condition of `alias` running on `today` (its start and end included, either open). */
function runsOn(alias: string, today: string): RawBuilder<SqlBool> {
  const starts = sql.ref(`${alias}.starts_on`);
  const ends = sql.ref(`${alias}.ends_on`);
  return sql<SqlBool>`(${starts} is null or ${starts} <= ${today}) and (${ends} is null or ${ends} >= ${today})`;
}

/** Net prices first, then the latest start (an undated condition last). */
const rank = (alias: string) => sql`${sql.ref(`${alias}.price`)} is null, ${sql.ref(`${alias}.starts_on`)} desc nulls last`;
const latestStart = (alias: string) => sql`${sql.ref(`${alias}.starts_on`)} desc nulls last`;

/**
 * Products with one organization's prices, the lowest active promotion for the organization
 * or for everyone beside them.
 */
export function pricedProducts(db: Kysely<Database>, orgId: number, today: string) {
  return db
    .selectFrom("products as p")
    .leftJoin("organizations as price_org", (join) => join.on("price_org.id", "=", orgId))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("org_product_prices as c")
          .select(["c.price", "c.discount"])
          .whereRef("c.product_id", "=", "p.id")
          .where("c.org_id", "=", orgId)
          .where(runsOn("c", today))
          .orderBy(rank("c"))
          .limit(1)
          .as("own_product"),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("org_brand_discounts as c")
          .select("c.discount")
          .whereRef("c.brand_id", "=", "p.brand_id")
          .where("c.org_id", "=", orgId)
          .where(runsOn("c", today))
          .orderBy(latestStart("c"))
          .limit(1)
          .as("own_brand"),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("price_group_product_prices as c")
          .select(["c.price", "c.discount"])
          .whereRef("c.product_id", "=", "p.id")
          .whereRef("c.group_id", "=", "price_org.price_group_id")
          .where(runsOn("c", today))
          .orderBy(rank("c"))
          .limit(1)
          .as("group_product"),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("price_group_brand_discounts as c")
          .select("c.discount")
          .whereRef("c.brand_id", "=", "p.brand_id")
          .whereRef("c.group_id", "=", "price_org.price_group_id")
          .where(runsOn("c", today))
          .orderBy(latestStart("c"))
          .limit(1)
          .as("group_brand"),
      (join) => join.onTrue(),
    )
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
      // A net price shows the discount it makes off the list price (two decimals, never negative).
      sql<number>`case when ${levelNet} is null then coalesce(${levelDiscount}, 0)
                   when p.price_selling > 0 then greatest(0, round((1 - ${levelNet}::numeric / p.price_selling) * 100, 2))
                   else 0 end`.as("prc_discount"),
      "promo.promo_price as prc_promo_price",
      "promo.name as prc_promo_name",
    ]);
}

/** The expression listings sort on for price orders: what the customer pays per unit. */
export const effectivePrice = sql<number>`least(${orgNetPrice}, coalesce(promo.promo_price, 2147483647))`;
