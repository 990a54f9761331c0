import type { UsersPagesBed } from "../users-pages/harness";
import { orgIdOf, userIdOf } from "../users-pages/harness";

/**
 * What the scheduled replenishment pages' tests set up over the real back-office
 * (tests/integration/users-pages/harness.ts): Voilerie Atlantique's order lists, written
 * straight into the database as the lists' pages would make them, and its delivery address.
 */

export const PATH = "/mon-compte/commandes-programmees";

export interface Fixture {
  orgId: number;
  /** A list the buyer shares with the organization. */
  sharedListId: number;
  /** The storekeeper's private list: the buyer does not see it. */
  privateListId: number;
  addressId: number;
  productId: number;
}

export async function seedLists(bed: UsersPagesBed, buyerLogin: string, storekeeperLogin: string): Promise<Fixture> {
  const orgId = await orgIdOf(bed, buyerLogin);
  const buyerId = await userIdOf(bed, buyerLogin);
  const storekeeperId = await userIdOf(bed, storekeeperLogin);
  const now = new Date("2026-11-20T09:00:00Z");
  const list = (ownerId: number, ownerName: string, name: string, shared: boolean) =>
    bed.db
      .insertInto("order_lists")
      .values({ org_id: orgId, owner_id: ownerId, owner_name: ownerName, name, shared, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
  const shared = await list(buyerId, "Maël Kerjean", "Consommables atelier", true);
  const mine = await list(storekeeperId, "Magasinier", "Réserve du magasin", false);
  const product = await bed.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  await bed.db.insertInto("order_list_lines").values({ list_id: shared.id, product_id: product.id, position: 1, qty: 3 }).execute();
  const address = await bed.db.selectFrom("addresses").select("id").where("org_id", "=", orgId).orderBy("id").executeTakeFirstOrThrow();
  return { orgId, sharedListId: shared.id, privateListId: mine.id, addressId: address.id, productId: product.id };
}

/** The creation form as a buyer fills it: monthly on the 31st from tomorrow (the harness's today is 2026-11-20). */
export function createForm(fixture: Fixture, changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "create",
    nom: "Réassort mensuel",
    liste: String(fixture.sharedListId),
    "tous-les": "1",
    unite: "mois",
    "jour-semaine": "1",
    "jour-mois": "31",
    debut: "2026-11-21",
    adresse: String(fixture.addressId),
    "hausse-max": "",
    ...changes,
  };
}
