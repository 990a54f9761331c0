import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { ReturnReason, ReturnResolution, ReturnStatus, ReturnStepKind } from "@shared/contracts/returns";
import { RETURN_REASON_LABELS } from "@shared/contracts/returns";
import { addDaysTo, parisDate } from "@shared/domain/index";
import { returnNumberOf } from "@shared/domain/returns";
import type { Database } from "../db/schema";
import { issueCreditNote } from "../invoices/issue";
import { restockingFee } from "../returns/credit";
import { DEMO_SERVICE_NAME } from "./organizations-data";
import { crackedScreenPng } from "./return-photo";

/**
 * The demo's returns (docs/returns.md « Demo data »): Voilerie Atlantique's delivered orders,
 * the latest first, each given a return in one state — asked (on the order still within its
 * window, whose other lines stay returnable), accepted, refused, received in part, credited
 * less the restocking fee, exchanged, withdrawn. Rows are written as the back-office's steps
 * write them, with dates after each order's delivery; the credit note goes through the
 * credit-note path. No outbox event: the demo's past is not news for an ERP plugged in today.
 */

export interface ReturnsPlan {
  today: string;
  now: Date;
}

const CUSTOMER = "C0001";
const BUYER = "acheteur@voilerie-atlantique.fr";
const WAREHOUSE = DEMO_SERVICE_NAME;

interface Scenario {
  status: ReturnStatus;
  reason: ReturnReason;
  resolution: ReturnResolution;
  comment: string;
  photo: boolean;
  /** Days after the delivery each step was taken, in order. */
  steps: readonly { kind: ReturnStepKind; day: number; note?: string }[];
  /** Units of the line asked back (capped by what was delivered). */
  qty: number;
  /** Units received, when the warehouse received them. */
  received?: number;
  refusal?: string;
  exchange?: { carrier: string; tracking: string; url: string };
}

const SCENARIOS: readonly Scenario[] = [
  {
    status: "demandé",
    reason: "defective",
    resolution: "exchange",
    comment: "L'afficheur reste noir après une heure d'utilisation, alimentation vérifiée.",
    photo: true,
    steps: [{ kind: "requested", day: 15 }],
    qty: 1,
  },
  {
    status: "accepté",
    reason: "delivery_error",
    resolution: "credit",
    comment: "Nous avons reçu ce modèle au lieu de la version 24 V commandée.",
    photo: false,
    steps: [
      { kind: "requested", day: 5 },
      { kind: "accepted", day: 6 },
    ],
    qty: 1,
  },
  {
    status: "refusé",
    reason: "order_error",
    resolution: "credit",
    comment: "Commandé en double par erreur.",
    photo: false,
    steps: [
      { kind: "requested", day: 9 },
      { kind: "refused", day: 10 },
    ],
    qty: 1,
    refusal: "Article monté sur le bateau : les traces de fixation empêchent sa remise en vente.",
  },
  {
    status: "reçu",
    reason: "transport_damage",
    resolution: "credit",
    comment: "Carton enfoncé à la livraison, réserves notées sur le bon du transporteur.",
    photo: true,
    steps: [
      { kind: "requested", day: 2 },
      { kind: "accepted", day: 3 },
      { kind: "received", day: 9, note: "Un seul article dans le colis reçu." },
    ],
    qty: 2,
    received: 1,
  },
  {
    status: "avoir émis",
    reason: "order_error",
    resolution: "credit",
    comment: "Mauvaise taille commandée, article non déballé.",
    photo: false,
    steps: [
      { kind: "requested", day: 4 },
      { kind: "accepted", day: 5 },
      { kind: "received", day: 11 },
      { kind: "credited", day: 12 },
    ],
    qty: 1,
    received: 1,
  },
  {
    status: "échange expédié",
    reason: "defective",
    resolution: "exchange",
    comment: "Ne charge plus, voyant d'erreur allumé.",
    photo: true,
    steps: [
      { kind: "requested", day: 6 },
      { kind: "accepted", day: 7 },
      { kind: "received", day: 12, note: "Défaut constaté au banc de test." },
      { kind: "exchanged", day: 13 },
    ],
    qty: 1,
    received: 1,
    exchange: {
      carrier: "Colissimo",
      tracking: "6A24118503217",
      url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A24118503217",
    },
  },
  {
    status: "annulé",
    reason: "other",
    resolution: "credit",
    comment: "Finalement conservé pour un autre bateau.",
    photo: false,
    steps: [
      { kind: "requested", day: 3 },
      { kind: "withdrawn", day: 4 },
    ],
    qty: 1,
  },
];

/** 10:00 in France that day (winter time is good enough for a seed's instant). */
const instantOn = (date: string) => new Date(`${date}T10:00:00+01:00`);

interface DeliveredLine {
  position: number;
  ref: string;
  title: string;
  customer_code: string | null;
  unit_price: number;
  ecotaxe: number;
  shipped: number;
}

async function deliveredOrders(
  trx: Kysely<Database>,
): Promise<{ id: number; org_id: number; delivered_on: string; lines: DeliveredLine[] }[]> {
  const orders = await trx
    .selectFrom("orders as o")
    .innerJoin("organizations as g", "g.id", "o.org_id")
    .innerJoin("order_events as e", (join) => join.onRef("e.order_id", "=", "o.id").on("e.kind", "=", "delivered"))
    .select(["o.id", "o.org_id", "e.at"])
    .where("g.ref", "=", CUSTOMER)
    .where("o.status", "=", "livrée")
    .orderBy("e.at", "desc")
    .execute();
  const result = [];
  for (const order of orders) {
    const lines = await trx
      .selectFrom("order_lines as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .innerJoin("shipment_lines as s", (join) => join.onRef("s.order_id", "=", "l.order_id").onRef("s.position", "=", "l.position"))
      .select([
        "l.position",
        "l.ref",
        "l.title",
        "l.customer_code",
        "l.unit_price",
        "l.ecotaxe",
        sql<number>`sum(s.qty)::int`.as("shipped"),
      ])
      .where("l.order_id", "=", order.id)
      .where("l.is_port", "=", false)
      .where("p.is_mmsi", "=", false)
      .where("p.is_hazardous", "=", false)
      .where("p.returnable", "=", true)
      .groupBy(["l.position", "l.ref", "l.title", "l.customer_code", "l.unit_price", "l.ecotaxe"])
      .orderBy("l.position")
      .execute();
    if (lines.length > 0) result.push({ id: order.id, org_id: order.org_id, delivered_on: parisDate(new Date(order.at)), lines });
  }
  return result;
}

async function nextNumber(trx: Kysely<Database>, year: number): Promise<string> {
  const row = await trx
    .insertInto("return_sequences")
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet({ last: sql<number>`return_sequences.last + 1` }))
    .returning("last")
    .executeTakeFirstOrThrow();
  return returnNumberOf(year, row.last);
}

export async function seedReturns(trx: Kysely<Database>, plan: ReturnsPlan): Promise<void> {
  const buyer = await trx.selectFrom("users").select(["id", "name"]).where("login", "=", BUYER).executeTakeFirst();
  if (!buyer) return;
  const orders = await deliveredOrders(trx);
  const photo = crackedScreenPng();
  for (const [index, scenario] of SCENARIOS.entries()) {
    const order = orders[index];
    const line = order?.lines[0];
    if (!order || !line) break;
    const dates = scenario.steps.map((step) => addDaysTo(order.delivered_on, step.day));
    // A past that has not happened yet is left out: the seed never writes a step after today.
    if (dates.some((date) => date > plan.today)) continue;
    const at = dates.map((date) => new Date(Math.min(instantOn(date).getTime(), plan.now.getTime())));
    // Credit notes are numbered in the order of their dates: this one comes after the seed's last.
    if (scenario.status === "avoir émis") at[at.length - 1] = await afterLastCreditNote(trx, at[at.length - 1] ?? plan.now, plan.now);
    const requestedAt = at[0] ?? plan.now;
    const lastAt = at[at.length - 1] ?? requestedAt;
    const qty = Math.min(scenario.qty, line.shipped);
    const received = scenario.received === undefined ? null : Math.min(scenario.received, qty);
    const number = await nextNumber(trx, Number(parisDate(requestedAt).slice(0, 4)));
    const { id } = await trx
      .insertInto("returns")
      .values({
        number,
        org_id: order.org_id,
        order_id: order.id,
        status: scenario.status,
        reason: scenario.reason,
        resolution: scenario.resolution,
        comment: scenario.comment,
        refusal: scenario.refusal ?? null,
        restocking_fee_pct: null,
        requested_at: requestedAt,
        requested_by: buyer.id,
        requested_by_name: buyer.name,
        updated_at: lastAt,
        exchange_carrier: scenario.exchange?.carrier ?? null,
        exchange_tracking_number: scenario.exchange?.tracking ?? null,
        exchange_tracking_url: scenario.exchange?.url ?? null,
        exchange_shipped_at: scenario.exchange ? lastAt : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("return_lines")
      .values({
        return_id: id,
        order_id: order.id,
        position: line.position,
        obj_ref: line.ref,
        title: line.title,
        customer_code: line.customer_code,
        qty,
        received,
        unit_price: line.unit_price,
        unit_ecotax: Math.max(0, line.ecotaxe),
      })
      .execute();
    if (scenario.photo) {
      await trx
        .insertInto("return_photos")
        .values({
          return_id: id,
          file_name: `photo-${line.ref.toLowerCase()}.png`,
          mime: "image/png",
          size: photo.length,
          sha256: createHash("sha256").update(photo).digest("hex"),
          content: photo,
          created_at: requestedAt,
        })
        .execute();
    }
    await trx
      .insertInto("return_events")
      .values(
        scenario.steps.map((step, position) => ({
          return_id: id,
          at: at[position] ?? requestedAt,
          kind: step.kind,
          author: step.kind === "requested" || step.kind === "withdrawn" ? buyer.name : WAREHOUSE,
          note: step.kind === "refused" ? (scenario.refusal ?? null) : (step.note ?? null),
        })),
      )
      .execute();
    if (scenario.status === "avoir émis" && received)
      await creditSeeded(trx, { id, number, orderId: order.id, ref: line.ref, qty: received, reason: scenario.reason, at: lastAt });
  }
}

/** `at`, or the last credit note's instant when it is later (never after now). */
async function afterLastCreditNote(trx: Kysely<Database>, at: Date, now: Date): Promise<Date> {
  const last = await trx
    .selectFrom("invoices")
    .select("issued_at")
    .where("kind", "=", "avoir")
    .orderBy("issued_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const lastAt = last ? new Date(last.issued_at) : at;
  return new Date(Math.min(Math.max(at.getTime(), lastAt.getTime() + 60_000), now.getTime()));
}

/** The credit note of the credited scenario, through the credit-note path, less the reason's fee. */
async function creditSeeded(
  trx: Kysely<Database>,
  input: { id: number; number: string; orderId: number; ref: string; qty: number; reason: ReturnReason; at: Date },
): Promise<void> {
  const invoice = await trx
    .selectFrom("invoices as i")
    .innerJoin("invoice_lines as l", "l.invoice_id", "i.id")
    .select("i.number")
    .where("i.order_id", "=", input.orderId)
    .where("i.kind", "=", "facture")
    .where("l.obj_ref", "=", input.ref)
    .orderBy("i.issued_at", "desc")
    .executeTakeFirst();
  if (!invoice) return;
  const settings = await trx.selectFrom("return_settings").select("restocking_fee_pct").where("id", "=", 1).executeTakeFirstOrThrow();
  const pct = settings.restocking_fee_pct[input.reason] ?? 0;
  await issueCreditNote(trx, {
    number: invoice.number,
    reason: `Retour ${input.number} : ${RETURN_REASON_LABELS[input.reason]}`,
    lines: [{ obj_ref: input.ref, qty: input.qty }],
    at: input.at,
    author: WAREHOUSE,
    returnId: input.id,
    fee: restockingFee(pct),
  });
  await trx.updateTable("returns").set({ restocking_fee_pct: pct }).where("id", "=", input.id).execute();
}
