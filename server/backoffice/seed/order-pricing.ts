import type { Kysely } from "kysely";
import { lineUnitPrice } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { pricedProducts } from "../pim/pricing";

/** A product as a past order of one organization bought it. */
export interface PricedProduct {
  ref: string;
  title: string;
  unitPrice: number;
  ecotaxe: number;
}

/**
 * The organization's prices of these products on `day` (a day before any demo promotion, so
 * that the past orders pay its contract prices): one query per organization.
 */
export async function pricedLines(
  db: Kysely<Database>,
  orgId: number,
  productIds: readonly number[],
  day: string,
): Promise<Map<number, PricedProduct>> {
  const rows = await pricedProducts(db, orgId, day)
    .select(["p.id", "p.ref", "p.title", "p.price_selling", "p.ecotaxe"])
    .where("p.id", "in", [...productIds])
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ref: row.ref,
        title: row.title,
        unitPrice: lineUnitPrice({
          prd_price_selling: row.price_selling,
          prc_price: row.prc_price,
          prc_promo_price: row.prc_promo_price,
          prc_discount: row.prc_discount,
        }),
        ecotaxe: row.ecotaxe,
      },
    ]),
  );
}
