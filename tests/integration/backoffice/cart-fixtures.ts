import type { Kysely } from "kysely";
import type { Cart, CartLine, Certificate } from "@shared/contracts/entities";
import { emptyCart } from "@shared/domain/index";
import type { Database } from "../../../server/backoffice/db/schema";
import { call, type Backoffice } from "./harness";

/** A cart line as a browser could send it: prices deliberately wrong, the server reprices. */
export function lineFor(product: { id: number; ref: string }, qty: number, lineId = `line-${product.id}`): CartLine {
  return {
    obj_id: product.id,
    obj_ref: product.ref,
    obj_title: "titre du navigateur",
    obj_name: "",
    qty,
    line_id: lineId,
    prd_is_port: false,
    prd_price_selling: 1,
    prc_price: 1,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: 0,
    prd_ecotaxe: 0,
    prd_weight_gross: 0,
    prd_weight_net: 0,
    prd_sto_disp: 0,
    prd_refill_date: null,
    prd_refill_qte: null,
    certificates: [],
    obj_properties: {},
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
  return query
    .where("is_mmsi", "=", false)
    .where("is_motor", "=", false)
    .where("is_hazardous", "=", false)
    .where("is_antenna", "=", false)
    .where("is_tag", "=", false)
    .execute();
}

const PDF_BASE64 = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").toString("base64");

/** Uploads a real certificate through the API, as the portal does, and returns the cart entry. */
export async function uploadCertificate(bo: Backoffice, token: string, productId: number, mmsi: string): Promise<Certificate> {
  const result = await call<Certificate & { product_id: number }>(bo, "/oms/certificates", {
    token,
    body: { mmsi, file_name: `${mmsi}.pdf`, product_id: productId, content_base64: PDF_BASE64 },
  });
  if (result.status !== 201) throw new Error(`certificate upload failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { cer_id: result.body.cer_id, mmsi: result.body.mmsi, file_name: result.body.file_name };
}
