import type { Kysely } from "kysely";
import type { Cart, CartLine } from "../../../shared/contracts/entities";
import { emptyCart } from "../../../shared/domain/index";
import type { Database } from "../../../server/backoffice/db/schema";

/** A cart line as a browser could send it: prices deliberately wrong, the server reprices. */
export function lineFor(product: { id: number; ref: string }, qty: number, lineId = `line-${product.id}`): CartLine {
  return {
    obj_id: product.id, obj_ref: product.ref, obj_title: "titre du navigateur", obj_name: "", qty, line_id: lineId,
    prd_is_port: false, prd_price_selling: 1, prc_price: 1, prc_promo_price: null, prc_promo_name: null, prc_discount: 0,
    prd_ecotaxe: 0, prd_weight_gross: 0, prd_weight_net: 0, prd_sto_disp: 0, prd_refill_date: null, prd_refill_qte: null,
    certificates: [], obj_properties: {},
  };
}

export function cartWith(lines: CartLine[]): Cart {
  return { ...emptyCart(), products: lines };
}

/** Orderable demo products of a kind, by id order. */
export async function products(
  db: Kysely<Database>,
  kind: "plain" | "mmsi" | "motor" | "discontinued",
  limit: number,
): Promise<{ id: number; ref: string; price_selling: number }[]> {
  let query = db.selectFrom("products").select(["id", "ref", "price_selling"]).where("is_port", "=", false).orderBy("id").limit(limit);
  if (kind === "discontinued") return query.where("discontinued", "=", true).execute();
  query = query.where("discontinued", "=", false);
  if (kind === "mmsi") return query.where("is_mmsi", "=", true).execute();
  if (kind === "motor") return query.where("is_motor", "=", true).execute();
  return query.where("is_mmsi", "=", false).where("is_motor", "=", false).where("is_hazardous", "=", false)
    .where("is_antenna", "=", false).where("is_tag", "=", false).execute();
}
