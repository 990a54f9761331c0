import type { Insertable, Kysely } from "kysely";
import type { Database, PromotionsTable } from "../db/schema";
import type { SeededCatalogue } from "./catalogue";
import { addDays, chunks, type Prng } from "./prng";

/** The names of the promotions for everyone, as the buyer reads them beside a price. */
export const GLOBAL_PROMOTIONS: readonly string[] = ["Offre Salon Nautique", "Promo printemps", "Déstockage"];

/**
 * Per-organization prices, kept sparse: a discount on about a third of the brands, and a
 * negotiated price on a few products; plus promotions for everyone and for some clients.
 */
export async function seedPrices(
  db: Kysely<Database>,
  rng: Prng,
  orgIds: readonly number[],
  catalogue: SeededCatalogue,
  today: string,
  specificPerOrg: number,
): Promise<void> {
  const listPrices = new Map(
    (await db.selectFrom("products").select(["id", "price_selling"]).where("is_port", "=", false).execute()).map((row) => [
      row.id,
      row.price_selling,
    ]),
  );
  const discounts: { org_id: number; brand_id: number; discount: number }[] = [];
  const specific = new Map<string, { org_id: number; product_id: number; price: number }>();
  for (const orgId of orgIds) {
    for (const brandId of catalogue.brandIds) {
      if (rng.chance(0.33)) discounts.push({ org_id: orgId, brand_id: brandId, discount: rng.pick([5, 8, 10, 12.5, 15, 20, 25]) });
    }
    for (let i = 0; i < specificPerOrg; i += 1) {
      const productId = rng.pick(catalogue.productIds);
      const list = listPrices.get(productId) ?? 0;
      specific.set(`${orgId}:${productId}`, { org_id: orgId, product_id: productId, price: Math.round((list * rng.int(65, 92)) / 100) });
    }
  }
  for (const batch of chunks(discounts, 5000)) await db.insertInto("org_brand_discounts").values(batch).execute();
  for (const batch of chunks([...specific.values()], 5000)) await db.insertInto("org_product_prices").values(batch).execute();

  const promotions: Insertable<PromotionsTable>[] = catalogue.productIds
    .filter(() => rng.chance(0.04))
    .map((productId) => {
      const list = listPrices.get(productId) ?? 0;
      const expired = rng.chance(0.2);
      return {
        product_id: productId,
        org_id: null,
        name: rng.pick(GLOBAL_PROMOTIONS),
        promo_price: Math.round((list * rng.int(70, 88)) / 100),
        starts_on: addDays(today, expired ? -60 : -rng.int(1, 20)),
        ends_on: addDays(today, expired ? -1 : rng.int(20, 90)),
      };
    });
  for (const orgId of orgIds.slice(0, 10)) {
    for (let i = 0; i < 4; i += 1) {
      const productId = rng.pick(catalogue.productIds);
      promotions.push({
        product_id: productId,
        org_id: orgId,
        name: "Offre fidélité",
        promo_price: Math.round((listPrices.get(productId) ?? 0) * 0.75),
        starts_on: addDays(today, -5),
        ends_on: addDays(today, 45),
      });
    }
  }
  for (const batch of chunks(promotions, 5000)) await db.insertInto("promotions").values(batch).execute();
}
