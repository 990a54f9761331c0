import type { Kysely, Transaction } from "kysely";
import type { NotReturnableReason, ReturnableLine, ReturnableOrder, ReturnSettings } from "@shared/contracts/returns";
import { parisDate, vatPercentOf } from "@shared/domain/index";
import { heldUnits, notReturnableReasonOf, returnableUnits, returnDeadline, returnWindowOpen } from "@shared/domain/returns";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";

/**
 * What of an order may be returned (decision 0203): an order « livrée », within the window after
 * its `delivered` event (its date in France); per product line, the units shipped less what the
 * order's returns hold (shared/domain heldUnits), none of a product that may not come back.
 */

type Reader = Kysely<Database> | Transaction<Database>;

export interface LineEligibility {
  position: number;
  obj_ref: string;
  title: string;
  customer_code: string | null;
  delivered: number;
  in_returns: number;
  returnable: number;
  not_returnable: NotReturnableReason | null;
  /** Net unit price HT, ecotax apart, as ordered. */
  unit_price: number;
  /** The ecotax as invoiced: none on a tax-exempt account's invoices. */
  unit_ecotax: number;
}

export interface OrderEligibility {
  id: number;
  ref: string;
  cart_ref: string;
  status: string;
  /** The `delivered` event's date in France; null when the order was never delivered. */
  delivered_on: string | null;
  lines: LineEligibility[];
}

/** The latest `delivered` event of each order, as a French date. */
async function deliveryDates(db: Reader, orderIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("order_events")
    .select(["order_id", (eb) => eb.fn.max("at").as("at")])
    .where("order_id", "in", [...orderIds])
    .where("kind", "=", "delivered")
    .groupBy("order_id")
    .execute();
  return new Map(rows.map((row) => [row.order_id, parisDate(new Date(row.at))]));
}

/** Units shipped per order and position. */
async function shippedUnits(db: Reader, orderIds: readonly number[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("shipment_lines")
    .select(["order_id", "position", (eb) => eb.fn.sum<string | number>("qty").as("qty")])
    .where("order_id", "in", [...orderIds])
    .groupBy(["order_id", "position"])
    .execute();
  return new Map(rows.map((row) => [`${row.order_id}:${row.position}`, Number(row.qty)]));
}

/** Units every return of these orders holds, per order and position. */
async function heldByReturns(db: Reader, orderIds: readonly number[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("return_lines as l")
    .innerJoin("returns as r", "r.id", "l.return_id")
    .select(["l.order_id", "l.position", "l.qty", "l.received", "r.status"])
    .where("l.order_id", "in", [...orderIds])
    .execute();
  const held = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.order_id}:${row.position}`;
    held.set(key, (held.get(key) ?? 0) + heldUnits(row.status, row.qty, row.received));
  }
  return held;
}

/** The given orders of the organization with their product lines' returnable units, in the ids' order. */
export async function eligibilityOf(db: Reader, orgId: number, orderIds: readonly number[]): Promise<OrderEligibility[]> {
  if (orderIds.length === 0) return [];
  const orders = await db
    .selectFrom("orders as o")
    .innerJoin("organizations as g", "g.id", "o.org_id")
    .select(["o.id", "o.ref", "o.cart_ref", "o.status", "g.cat_compta"])
    .where("o.org_id", "=", orgId)
    .where("o.id", "in", [...orderIds])
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [delivered, shipped, held, lines] = await Promise.all([
    deliveryDates(db, ids),
    shippedUnits(db, ids),
    heldByReturns(db, ids),
    db
      .selectFrom("order_lines as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select([
        "l.order_id",
        "l.position",
        "l.ref",
        "l.title",
        "l.customer_code",
        "l.unit_price",
        "l.ecotaxe",
        "p.is_mmsi",
        "p.is_hazardous",
        "p.returnable",
      ])
      .where("l.order_id", "in", ids)
      .where("l.is_port", "=", false)
      .orderBy("l.order_id")
      .orderBy("l.position")
      .execute(),
  ]);
  const byId = new Map(
    orders.map((order): [number, OrderEligibility] => [
      order.id,
      {
        id: order.id,
        ref: order.ref,
        cart_ref: order.cart_ref,
        status: order.status,
        delivered_on: delivered.get(order.id) ?? null,
        lines: [],
      },
    ]),
  );
  const exempt = new Map(orders.map((order) => [order.id, vatPercentOf(order.cat_compta) === 0]));
  for (const line of lines) {
    const key = `${line.order_id}:${line.position}`;
    const deliveredUnits = shipped.get(key) ?? 0;
    // A line nothing of which was shipped (cancelled) has nothing to send back.
    if (deliveredUnits === 0) continue;
    const inReturns = held.get(key) ?? 0;
    const notReturnable = notReturnableReasonOf(line);
    byId.get(line.order_id)?.lines.push({
      position: line.position,
      obj_ref: line.ref,
      title: line.title,
      customer_code: line.customer_code,
      delivered: deliveredUnits,
      in_returns: inReturns,
      returnable: returnableUnits(deliveredUnits, inReturns, notReturnable),
      not_returnable: notReturnable,
      unit_price: line.unit_price,
      unit_ecotax: exempt.get(line.order_id) ? 0 : Math.max(0, line.ecotaxe),
    });
  }
  return orderIds.flatMap((id) => byId.get(id) ?? []);
}

/** One order of the organization; undefined when it is not one of them. */
export async function orderEligibility(db: Reader, orgId: number, orderId: number): Promise<OrderEligibility | undefined> {
  return (await eligibilityOf(db, orgId, [orderId]))[0];
}

/** An order not delivered yet (or never): nothing may be asked of it. */
export function notDelivered(ref: string): ApiFailure {
  const message = `La commande ${ref} n'est pas livrée : aucun retour ne peut encore être demandé.`;
  return new ApiFailure(422, "order_not_delivered", message, { issues: [{ path: "order_id", message }] });
}

/** The delivery date of an order that may be returned, else the refusal. */
export function deliveredOn(order: OrderEligibility): string {
  if (order.status !== "livrée" || order.delivered_on === null) throw notDelivered(order.ref);
  return order.delivered_on;
}

function lineView(line: LineEligibility, prices: boolean): ReturnableLine {
  return {
    position: line.position,
    obj_ref: line.obj_ref,
    title: line.title,
    customer_code: line.customer_code,
    delivered: line.delivered,
    in_returns: line.in_returns,
    returnable: line.returnable,
    not_returnable: line.not_returnable,
    unit_price: prices ? line.unit_price + line.unit_ecotax : null,
  };
}

/** GET /api/returns/:orgId/orders/:orderId: the order line by line, with the rules the form needs. */
export function returnableOrderView(order: OrderEligibility, settings: ReturnSettings, today: string, prices: boolean): ReturnableOrder {
  const delivered = deliveredOn(order);
  return {
    order_id: order.id,
    order_ref: order.ref,
    cart_ref: order.cart_ref,
    delivered_on: delivered,
    deadline: returnDeadline(delivered, settings.window_days),
    open: returnWindowOpen(delivered, settings.window_days, today),
    lines: order.lines.map((line) => lineView(line, prices)),
    photo_required_reasons: settings.photo_required_reasons,
    restocking_fee_pct: settings.restocking_fee_pct,
  };
}

/** The organization's delivered orders whose window is still open and with units to return, newest delivery first. */
export async function eligibleOrders(db: Reader, orgId: number, windowDays: number, now: Date) {
  // Delivered at most the window ago (a day more for the time zone): the precise check is the domain's.
  const since = new Date(now.getTime() - (windowDays + 2) * 24 * 3600 * 1000);
  const candidates = await db
    .selectFrom("orders as o")
    .innerJoin("order_events as e", "e.order_id", "o.id")
    .select("o.id")
    .distinct()
    .where("o.org_id", "=", orgId)
    .where("o.status", "=", "livrée")
    .where("e.kind", "=", "delivered")
    .where("e.at", ">=", since)
    .execute();
  const today = parisDate(now);
  const orders = await eligibilityOf(
    db,
    orgId,
    candidates.map((row) => row.id),
  );
  return orders
    .filter((order) => order.delivered_on !== null && returnWindowOpen(order.delivered_on, windowDays, today))
    .map((order) => {
      const delivered = order.delivered_on ?? today;
      return {
        order_id: order.id,
        order_ref: order.ref,
        cart_ref: order.cart_ref,
        delivered_on: delivered,
        deadline: returnDeadline(delivered, windowDays),
        returnable_units: order.lines.reduce((sum, line) => sum + line.returnable, 0),
      };
    })
    .filter((order) => order.returnable_units > 0)
    .sort((a, b) => b.delivered_on.localeCompare(a.delivered_on) || b.order_id - a.order_id);
}
