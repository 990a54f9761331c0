import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ConditionLine, ConditionTable, PriceLookups, PromotionLine } from "./price-lines";

/**
 * The prices feed's reads and writes, in the import's transaction: the look-ups once, the
 * stored rows of the file's owners once, then multi-row upserts by chunks (`insert … on
 * conflict`), so that 50,000 customer prices take a few dozen statements, not 50,000.
 */

/** Rows a statement carries: 6 values each, far below the 65,535 parameters of one statement. */
const CHUNK = 4000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

export async function loadPriceLookups(trx: Kysely<Database>): Promise<PriceLookups> {
  const [customers, groups, products, brands] = await Promise.all([
    trx.selectFrom("organizations").select(["id", "ref"]).where("is_distributor", "=", false).execute(),
    trx.selectFrom("price_groups").select(["id", "ref"]).execute(),
    trx.selectFrom("products").select(["id", "ref", "price_selling", "is_port"]).execute(),
    trx.selectFrom("brands").select(["id", "erp_ref"]).where("erp_ref", "is not", null).execute(),
  ]);
  return {
    customers: new Map(customers.map((row) => [row.ref.toUpperCase(), row.id])),
    groups: new Map(groups.map((row) => [row.ref.toUpperCase(), row.id])),
    products: new Map(products.map((row) => [row.ref.toUpperCase(), row])),
    brands: new Map(brands.flatMap((row) => (row.erp_ref ? [[row.erp_ref.toUpperCase(), row.id] as const] : []))),
  };
}

/** A stored condition, in the shape of a file's line. */
export type StoredCondition = Pick<ConditionLine, "table" | "ownerId" | "targetId" | "price" | "discount" | "starts_on" | "ends_on">;

/** The stored conditions of the owners (customers or groups) the file names, per table. */
export async function loadStoredConditions(trx: Kysely<Database>, lines: readonly ConditionLine[]): Promise<StoredCondition[]> {
  const owners = (table: ConditionTable) => [...new Set(lines.filter((line) => line.table === table).map((line) => line.ownerId))];
  const stored: StoredCondition[] = [];
  for (const ids of chunks(owners("org_product_prices"))) {
    const rows = await trx
      .selectFrom("org_product_prices")
      .select(["org_id", "product_id", "price", "discount", "starts_on", "ends_on"])
      .where("org_id", "in", ids)
      .execute();
    for (const row of rows) stored.push({ table: "org_product_prices", ownerId: row.org_id, targetId: row.product_id, ...row });
  }
  for (const ids of chunks(owners("org_brand_discounts"))) {
    const rows = await trx
      .selectFrom("org_brand_discounts")
      .select(["org_id", "brand_id", "discount", "starts_on", "ends_on"])
      .where("org_id", "in", ids)
      .execute();
    for (const row of rows) stored.push({ table: "org_brand_discounts", ownerId: row.org_id, targetId: row.brand_id, price: null, ...row });
  }
  for (const ids of chunks(owners("price_group_product_prices"))) {
    const rows = await trx
      .selectFrom("price_group_product_prices")
      .select(["group_id", "product_id", "price", "discount", "starts_on", "ends_on"])
      .where("group_id", "in", ids)
      .execute();
    for (const row of rows) stored.push({ table: "price_group_product_prices", ownerId: row.group_id, targetId: row.product_id, ...row });
  }
  for (const ids of chunks(owners("price_group_brand_discounts"))) {
    const rows = await trx
      .selectFrom("price_group_brand_discounts")
      .select(["group_id", "brand_id", "discount", "starts_on", "ends_on"])
      .where("group_id", "in", ids)
      .execute();
    for (const row of rows)
      stored.push({ table: "price_group_brand_discounts", ownerId: row.group_id, targetId: row.brand_id, price: null, ...row });
  }
  return stored;
}

/** A brand line always carries a discount (price-lines.ts refuses a net price on a brand). */
function brandDiscount(line: ConditionLine): number {
  if (line.discount === null) throw new Error(`line ${line.line}: a brand condition without a discount`);
  return line.discount;
}

/** Creates or updates the conditions, by chunks, on their key (owner, target, start). */
export async function upsertConditions(trx: Kysely<Database>, lines: readonly ConditionLine[]): Promise<void> {
  const of = (table: ConditionTable) => lines.filter((line) => line.table === table);
  const dates = (line: ConditionLine) => ({ starts_on: line.starts_on, ends_on: line.ends_on });
  for (const batch of chunks(of("org_product_prices"))) {
    await trx
      .insertInto("org_product_prices")
      .values(
        batch.map((line) => ({
          org_id: line.ownerId,
          product_id: line.targetId,
          price: line.price,
          discount: line.discount,
          ...dates(line),
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["org_id", "product_id", "starts_on"]).doUpdateSet((eb) => ({
          price: eb.ref("excluded.price"),
          discount: eb.ref("excluded.discount"),
          ends_on: eb.ref("excluded.ends_on"),
        })),
      )
      .execute();
  }
  for (const batch of chunks(of("org_brand_discounts"))) {
    await trx
      .insertInto("org_brand_discounts")
      .values(batch.map((line) => ({ org_id: line.ownerId, brand_id: line.targetId, discount: brandDiscount(line), ...dates(line) })))
      .onConflict((conflict) =>
        conflict
          .columns(["org_id", "brand_id", "starts_on"])
          .doUpdateSet((eb) => ({ discount: eb.ref("excluded.discount"), ends_on: eb.ref("excluded.ends_on") })),
      )
      .execute();
  }
  for (const batch of chunks(of("price_group_product_prices"))) {
    await trx
      .insertInto("price_group_product_prices")
      .values(
        batch.map((line) => ({
          group_id: line.ownerId,
          product_id: line.targetId,
          price: line.price,
          discount: line.discount,
          ...dates(line),
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["group_id", "product_id", "starts_on"]).doUpdateSet((eb) => ({
          price: eb.ref("excluded.price"),
          discount: eb.ref("excluded.discount"),
          ends_on: eb.ref("excluded.ends_on"),
        })),
      )
      .execute();
  }
  for (const batch of chunks(of("price_group_brand_discounts"))) {
    await trx
      .insertInto("price_group_brand_discounts")
      .values(batch.map((line) => ({ group_id: line.ownerId, brand_id: line.targetId, discount: brandDiscount(line), ...dates(line) })))
      .onConflict((conflict) =>
        conflict
          .columns(["group_id", "brand_id", "starts_on"])
          .doUpdateSet((eb) => ({ discount: eb.ref("excluded.discount"), ends_on: eb.ref("excluded.ends_on") })),
      )
      .execute();
  }
}

export interface StoredPromotion {
  id: number;
  product_id: number;
  org_id: number | null;
  name: string;
  promo_price: number;
  starts_on: string;
  ends_on: string;
}

/** The stored promotions of the file's products. */
export async function loadStoredPromotions(trx: Kysely<Database>, lines: readonly PromotionLine[]): Promise<StoredPromotion[]> {
  const stored: StoredPromotion[] = [];
  for (const ids of chunks([...new Set(lines.map((line) => line.productId))])) {
    stored.push(
      ...(await trx
        .selectFrom("promotions")
        .select(["id", "product_id", "org_id", "name", "promo_price", "starts_on", "ends_on"])
        .where("product_id", "in", ids)
        .orderBy("id")
        .execute()),
    );
  }
  return stored;
}

/** New promotions are inserted; a changed one is rewritten on its id. */
export async function writePromotions(
  trx: Kysely<Database>,
  created: readonly PromotionLine[],
  updated: readonly (PromotionLine & { id: number })[],
): Promise<void> {
  const row = (line: PromotionLine) => ({
    product_id: line.productId,
    org_id: line.orgId,
    name: line.name,
    promo_price: line.promoPrice,
    starts_on: line.starts_on,
    ends_on: line.ends_on,
  });
  for (const batch of chunks(created)) await trx.insertInto("promotions").values(batch.map(row)).execute();
  for (const batch of chunks(updated)) {
    await trx
      .insertInto("promotions")
      .values(batch.map((line) => ({ id: line.id, ...row(line) })))
      .onConflict((conflict) =>
        conflict.column("id").doUpdateSet((eb) => ({
          name: eb.ref("excluded.name"),
          promo_price: eb.ref("excluded.promo_price"),
          starts_on: eb.ref("excluded.starts_on"),
          ends_on: eb.ref("excluded.ends_on"),
        })),
      )
      .execute();
  }
}
