import type { UsersPagesBed } from "../users-pages/harness";
import { orgIdOf } from "../users-pages/harness";

/**
 * What the scheduled replenishment pages' tests set up over the real back-office
 * (tests/integration/users-pages/harness.ts): the demo's order lists, delivery address and
 * schedule at Voilerie Atlantique, and the creation form as a buyer fills it.
 */

export const PATH = "/mon-compte/commandes-programmees";

export interface Fixture {
  orgId: number;
  /** The demo's « Consommables atelier », the buyer's list shared with the organization. */
  sharedListId: number;
  /** The storekeeper's private « Réassort comptoir »: the buyer does not see it. */
  privateListId: number;
  addressId: number;
  /** The demo's « Réassort mensuel atelier » (the buyer's, monthly on the 5th) and its runs. */
  seededScheduleId: number;
}

/** The demo's lists, address and schedule at Voilerie Atlantique (server/backoffice/seed/order-lists.ts, replenishment.ts). */
export async function demoFixture(bed: UsersPagesBed, buyerLogin: string): Promise<Fixture> {
  const orgId = await orgIdOf(bed, buyerLogin);
  const listId = async (name: string) =>
    (await bed.db.selectFrom("order_lists").select("id").where("org_id", "=", orgId).where("name", "=", name).executeTakeFirstOrThrow()).id;
  const address = await bed.db.selectFrom("addresses").select("id").where("org_id", "=", orgId).orderBy("id").executeTakeFirstOrThrow();
  const schedule = await bed.db
    .selectFrom("replenishment_schedules")
    .select("id")
    .where("org_id", "=", orgId)
    .where("name", "=", "Réassort mensuel atelier")
    .executeTakeFirstOrThrow();
  return {
    orgId,
    sharedListId: await listId("Consommables atelier"),
    privateListId: await listId("Réassort comptoir"),
    addressId: address.id,
    seededScheduleId: schedule.id,
  };
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
