import type { Kysely } from "kysely";
import type { ShippingProduct } from "@shared/contracts/entities";
import type { AccountContext } from "@shared/domain/index";
import type { Database, OrganizationRow } from "../db/schema";

/** What the domain rules need to know about the organization an order is for. */
export function accountContext(org: OrganizationRow): AccountContext {
  return {
    objRef: org.ref,
    zipcode: org.zipcode,
    country: org.country,
    catCompta: org.cat_compta ?? undefined,
    integrator: org.is_integrator,
  };
}

export async function loadShippingProducts(db: Kysely<Database>): Promise<ShippingProduct[]> {
  const rows = await db
    .selectFrom("products")
    .select(["id", "ref", "title", "price_selling"])
    .where("is_port", "=", true)
    .orderBy("ref")
    .execute();
  return rows.map((row) => ({
    obj_id: row.id,
    obj_ref: row.ref,
    obj_title: row.title,
    prd_price_selling: row.price_selling,
    prd_is_port: true as const,
  }));
}
