import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { NAMED_CLIENTS } from "./organizations-data";
import { chunks } from "./prng";

/**
 * The demo's two price groups (docs/decisions/0177-prices-feed-and-price-groups.md), as a
 * distributor's ERP would send them: the shipchandlers resell, the yards buy consumables by
 * the dozen. Their members are the generated clients of those trades, never the README's named
 * ones, whose prices the tests and the past orders rely on; no random draw, so the rest of the
 * demo is the same as before the groups.
 */
export const DEMO_PRICE_GROUPS = [
  { ref: "REVENDEURS", title: "Revendeurs", namePrefix: "Shipchandler " },
  { ref: "CHANTIERS", title: "Chantiers navals", namePrefix: "Chantier " },
] as const;

/** The resellers' discount on two brands they stock, percent. */
const RESELLER_BRANDS = ["Glénan", "Océane"];
const RESELLER_DISCOUNT = 15;
/** The yards' net price of anodes and antifouling: this share of the list price. */
const YARD_CATEGORY_PREFIXES = ["ANO", "AFO"];
const YARD_NET_SHARE = 0.82;

export async function seedPriceGroups(db: Kysely<Database>): Promise<void> {
  const named = new Set(NAMED_CLIENTS.map((client) => client.ref));
  const organizations = await db.selectFrom("organizations").select(["id", "ref", "name"]).where("is_distributor", "=", false).execute();
  const groupIds = new Map<string, number>();
  for (const group of DEMO_PRICE_GROUPS) {
    const { id } = await db
      .insertInto("price_groups")
      .values({ ref: group.ref, title: group.title })
      .returning("id")
      .executeTakeFirstOrThrow();
    groupIds.set(group.ref, id);
    const members = organizations.filter((org) => !named.has(org.ref) && org.name.startsWith(group.namePrefix)).map((org) => org.id);
    if (members.length > 0) await db.updateTable("organizations").set({ price_group_id: id }).where("id", "in", members).execute();
  }

  const resellers = groupIds.get("REVENDEURS");
  const brands = await db.selectFrom("brands").select("id").where("title", "in", RESELLER_BRANDS).orderBy("id").execute();
  if (resellers !== undefined && brands.length > 0) {
    await db
      .insertInto("price_group_brand_discounts")
      .values(brands.map((brand) => ({ group_id: resellers, brand_id: brand.id, discount: RESELLER_DISCOUNT })))
      .execute();
  }

  const yards = groupIds.get("CHANTIERS");
  if (yards === undefined) return;
  const consumables = await db
    .selectFrom("products")
    .select(["id", "price_selling"])
    .where("is_port", "=", false)
    .where((eb) => eb.or(YARD_CATEGORY_PREFIXES.map((prefix) => eb("ref", "like", `${prefix}%`))))
    .orderBy("id")
    .execute();
  const netPrices = consumables.map((product) => ({
    group_id: yards,
    product_id: product.id,
    price: Math.round(product.price_selling * YARD_NET_SHARE),
  }));
  for (const batch of chunks(netPrices, 5000)) await db.insertInto("price_group_product_prices").values(batch).execute();
}
