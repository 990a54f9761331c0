import { sql, type Transaction } from "kysely";
import { addDays, firstRun, runsUntil, type Rhythm } from "@shared/domain/replenishment";
import type { Database } from "../db/schema";

/**
 * The demo's scheduled replenishment (docs/replenishment.md): at Voilerie Atlantique, Maël
 * Kerjean (buyer) orders the shared list « Consommables atelier » (seed/order-lists.ts) on the
 * 5th of each month, delivered to the organization's first delivery address, nothing placed if
 * a price rose by more than 10 %. Its next run is the first 5th after the demo's day; of the
 * two before, the older placed his order of that day when the demo has one (else he had
 * skipped it), the newer placed nothing: a product of the list had been discontinued then.
 * Deterministic: dates from the demo's day, products by reference. No outbox event, as for
 * every seeded row.
 */

const ORG_REF = "C0001";
const BUYER = "acheteur@voilerie-atlantique.fr";
const LIST_NAME = "Consommables atelier";
const RHYTHM: Rhythm = { every: 1, unit: "months", day: 5 };

export async function seedReplenishment(trx: Transaction<Database>, options: { today: string; now: Date }): Promise<void> {
  const org = await trx.selectFrom("organizations").select("id").where("ref", "=", ORG_REF).executeTakeFirst();
  if (!org) return;
  const buyer = await trx.selectFrom("users").select(["id", "name"]).where("login", "=", BUYER).executeTakeFirst();
  const list = await trx
    .selectFrom("order_lists")
    .select("id")
    .where("org_id", "=", org.id)
    .where("name", "=", LIST_NAME)
    .executeTakeFirst();
  // The lists are another seed's: without them there is nothing to schedule.
  if (!buyer || !list) return;
  const addresses = await trx.selectFrom("addresses").select("id").where("org_id", "=", org.id).orderBy("id").limit(2).execute();
  // The first delivery address after the head office, or the head office itself.
  const delivery = addresses[1] ?? addresses[0];
  if (!delivery) return;

  const next = firstRun(RHYTHM, addDays(options.today, 1));
  const { passed } = runsUntil(RHYTHM, firstRun(RHYTHM, addDays(options.today, -75)), options.today);
  const [older, newer] = passed.slice(-2);
  const createdAt = new Date(options.now.getTime() - 120 * 24 * 3_600_000);
  const { id } = await trx
    .insertInto("replenishment_schedules")
    .values({
      org_id: org.id,
      owner_id: buyer.id,
      owner_name: buyer.name,
      name: "Réassort mensuel atelier",
      list_id: list.id,
      every: RHYTHM.every,
      unit: RHYTHM.unit,
      day: RHYTHM.day,
      next_run: next,
      dlv_address_id: delivery.id,
      max_price_increase_pct: 10,
      price_basis: "{}",
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  if (older) {
    const at = new Date(`${older}T06:00:00+01:00`);
    const order = await trx
      .selectFrom("orders")
      .select("id")
      .where("org_id", "=", org.id)
      .where("usr_id", "=", buyer.id)
      .where(sql<string>`(created_at at time zone 'Europe/Paris')::date::text`, "=", older)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (order) {
      await trx.updateTable("orders").set({ schedule_id: id }).where("id", "=", order.id).execute();
      await trx
        .insertInto("replenishment_runs")
        .values({ schedule_id: id, run_date: older, outcome: "placed", at, order_id: order.id })
        .execute();
    } else {
      await trx
        .insertInto("replenishment_runs")
        .values({ schedule_id: id, run_date: older, outcome: "skipped", at, reason: `Sautée par ${buyer.name}.` })
        .execute();
    }
  }
  if (newer) {
    const gone = await trx
      .selectFrom("products")
      .select(["ref", "title"])
      .where("discontinued", "=", true)
      .orderBy("ref")
      .limit(1)
      .executeTakeFirst();
    const reason = gone
      ? `Produit arrêté, plus en vente : ${gone.ref} (${gone.title}). Retirez-le de la liste « ${LIST_NAME} » ou remplacez-le, puis la prochaine commande partira.`
      : "Aucune adresse de livraison : choisissez-en une sur la page de la commande programmée.";
    await trx
      .insertInto("replenishment_runs")
      .values({ schedule_id: id, run_date: newer, outcome: "failed", at: new Date(`${newer}T06:00:00+01:00`), reason })
      .execute();
  }
}
