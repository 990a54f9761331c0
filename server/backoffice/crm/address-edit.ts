import { sql, type Kysely } from "kysely";
import type { Address } from "@shared/contracts/entities";
import type { AddressInput } from "@shared/contracts/users";
import type { Database } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { toAddress } from "./addresses";

/**
 * Editing and removing the organization's delivery addresses (docs/users.md). An order keeps
 * a copy of its addresses, so an edit never changes one; a removal is refused while an open
 * order (neither delivered nor cancelled), a replenishment schedule or the organization's saved cart names the address,
 * so nothing in progress loses it. Another organization's address is a 404. The head office
 * (the organization's first address, its invoicing address: decision 0071) is neither edited
 * nor removed here: removing it would make the next address the invoicing one.
 */

const HEAD_OFFICE_READ_ONLY = "L'adresse de facturation (siège) ne se modifie pas en ligne : contactez votre commercial.";

async function refuseHeadOffice(db: Kysely<Database>, orgId: number, id: number): Promise<void> {
  const first = await db.selectFrom("addresses").select("id").where("org_id", "=", orgId).orderBy("id").limit(1).executeTakeFirst();
  if (first?.id === id) throw new ApiFailure(403, "head_office_read_only", HEAD_OFFICE_READ_ONLY);
}

const OPEN_ORDER_EXCLUDED = ["livrée", "annulée"] as const;

export async function updateAddress(db: Kysely<Database>, orgId: number, id: number, input: AddressInput): Promise<Address> {
  await refuseHeadOffice(db, orgId, id);
  const row = await db
    .updateTable("addresses")
    .set({
      name: input.adr_name,
      line1: input.adr_line1,
      line2: input.adr_line2,
      zipcode: input.adr_zipcode,
      city: input.adr_city,
      country: input.adr_country.toUpperCase(),
      phone: input.adr_phone,
    })
    .where("id", "=", id)
    .where("org_id", "=", orgId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toAddress(row);
}

/** Where the address is still needed: the open orders' references, and whether the cart names it. */
async function addressUses(db: Kysely<Database>, orgId: number, id: number): Promise<{ orders: string[]; cart: boolean }> {
  const key = String(id);
  const orders = await db
    .selectFrom("orders")
    .select("ref")
    .where("org_id", "=", orgId)
    .where("status", "not in", [...OPEN_ORDER_EXCLUDED])
    .where(sql<boolean>`(dlv_address ->> 'obj_id' = ${key} or inv_address ->> 'obj_id' = ${key})`)
    .orderBy("ref")
    .limit(5)
    .execute();
  const cart = await db
    .selectFrom("carts")
    .select("org_id")
    .where("org_id", "=", orgId)
    .where(sql<boolean>`(data -> 'dlv_address' ->> 'obj_id' = ${key} or data -> 'inv_address' ->> 'obj_id' = ${key})`)
    .executeTakeFirst();
  return { orders: orders.map((order) => order.ref), cart: cart !== undefined };
}

export async function deleteAddress(db: Kysely<Database>, orgId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("addresses")
      .select("id")
      .where("id", "=", id)
      .where("org_id", "=", orgId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    await refuseHeadOffice(trx, orgId, id);
    const uses = await addressUses(trx, orgId, id);
    if (uses.orders.length > 0) {
      throw new ApiFailure(
        409,
        "address_in_use",
        `Cette adresse est celle d'une commande en cours (${uses.orders.join(", ")}) : elle pourra être supprimée une fois la commande livrée ou annulée.`,
      );
    }
    const schedule = await trx
      .selectFrom("replenishment_schedules")
      .select("name")
      .where("org_id", "=", orgId)
      .where("dlv_address_id", "=", id)
      .orderBy("id")
      .executeTakeFirst();
    if (schedule) {
      throw new ApiFailure(
        409,
        "address_in_use",
        `Cette adresse est celle de la commande programmée « ${schedule.name} » : choisissez-y une autre adresse avant de supprimer celle-ci.`,
      );
    }
    if (uses.cart)
      throw new ApiFailure(
        409,
        "address_in_use",
        "Cette adresse est choisie dans le panier en cours : choisissez-en une autre dans le panier avant de la supprimer.",
      );
    await trx.deleteFrom("addresses").where("id", "=", id).execute();
  });
}
