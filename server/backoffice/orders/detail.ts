import type { Kysely } from "kysely";
import { address, type Address } from "@shared/contracts/entities";
import type { EventKind, OrderDetail, OrderStatus, Shipment } from "@shared/contracts/orders";
import { eventLabel, remainingOf, type EventData } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { quoteNumbersOf } from "../oms/order-view";
import { requestsQuery } from "./requests-query";
import { amount, iso, lineBackorderOf, orderAuthorOf, requestView } from "./views";

/** Which order: one of an organization's (the customers' calls) or any by its number (the distributor's). */
export type OrderLookup = { orgId: number; orderId: number } | { ref: string };

function storedAddress(value: unknown): Address | null {
  const parsed = address.nullable().safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}

function orderRow(db: Kysely<Database>, lookup: OrderLookup) {
  const query = db
    .selectFrom("orders as o")
    .innerJoin("organizations as g", "g.id", "o.org_id")
    .leftJoin("users as u", "u.id", "o.usr_id")
    .leftJoin("approval_requests as a", "a.id", "o.approval_id")
    .leftJoin("replenishment_schedules as r", "r.id", "o.schedule_id")
    .selectAll("o")
    .select([
      "g.ref as org_ref",
      "g.name as org_name",
      "u.class as author_class",
      "a.number as approval_number",
      "r.name as schedule_name",
    ]);
  return "ref" in lookup
    ? query.where("o.ref", "=", lookup.ref).executeTakeFirst()
    : query.where("o.id", "=", lookup.orderId).where("o.org_id", "=", lookup.orgId).executeTakeFirst();
}

async function shipmentsOf(db: Kysely<Database>, orderId: number): Promise<Shipment[]> {
  const [shipments, lines] = await Promise.all([
    db.selectFrom("shipments").selectAll().where("order_id", "=", orderId).orderBy("number").execute(),
    db
      .selectFrom("shipment_lines as s")
      .innerJoin("order_lines as l", (join) => join.onRef("l.order_id", "=", "s.order_id").onRef("l.position", "=", "s.position"))
      .select(["s.shipment_id", "l.ref", "l.title", "s.qty"])
      .where("s.order_id", "=", orderId)
      .orderBy("s.shipment_id")
      .orderBy("s.position")
      .execute(),
  ]);
  return shipments.map((row) => ({
    number: row.number,
    shipped_at: iso(row.shipped_at),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    author: row.author,
    lines: lines.filter((line) => line.shipment_id === row.id).map((line) => ({ obj_ref: line.ref, obj_title: line.title, qty: line.qty })),
  }));
}

/**
 * One order as the follow-up shows it: lines with their quantities, back-orders and latest
 * cancellation request, shipping lines, shipments with tracking, and the dated timeline.
 * Undefined when there is no such order (or it is another organization's).
 */
export async function loadOrderDetail(db: Kysely<Database>, lookup: OrderLookup, prices: boolean): Promise<OrderDetail | undefined> {
  const row = await orderRow(db, lookup);
  if (!row) return undefined;
  const [lines, shipments, events, requests] = await Promise.all([
    db
      .selectFrom("order_lines as l")
      .leftJoin("stocks as s", "s.product_id", "l.product_id")
      .selectAll("l")
      .select(["s.sto_disp", "s.refill_date"])
      .where("l.order_id", "=", row.id)
      .orderBy("l.position")
      .execute(),
    shipmentsOf(db, row.id),
    db.selectFrom("order_events").selectAll().where("order_id", "=", row.id).orderBy("at").orderBy("id").execute(),
    requestsQuery(db).where("r.order_id", "=", row.id).orderBy("r.requested_at").orderBy("r.id").execute(),
  ]);
  // The latest request of each line (the list is oldest first: later ones overwrite).
  const latestRequest = new Map(requests.map((request) => [request.position, requestView(request)]));
  return {
    ord_id: row.id,
    ord_ref: row.ref,
    org_id: row.org_id,
    org_ref: row.org_ref,
    org_name: row.org_name,
    created_at: iso(row.created_at),
    status: row.status as OrderStatus,
    cart_ref: row.cart_ref,
    comments: row.comments,
    notes: row.notes,
    author: orderAuthorOf(row),
    options: { partialDelivery: row.partial_delivery, saturday: row.saturday, ldd_active: row.ldd_active },
    dlv_address: storedAddress(row.dlv_address),
    inv_address: storedAddress(row.inv_address),
    lines: lines
      .filter((line) => !line.is_port)
      .map((line) => ({
        obj_id: line.product_id,
        obj_ref: line.ref,
        obj_title: line.title,
        ordered: line.qty,
        shipped: line.shipped_qty,
        cancelled: line.cancelled_qty,
        remaining: remainingOf({ qty: line.qty, shipped: line.shipped_qty, cancelled: line.cancelled_qty }),
        backorder: lineBackorderOf(line),
        unit_price: amount(line.unit_price, prices),
        prd_ecotaxe: amount(line.ecotaxe, prices),
        line_total_ht: amount(line.line_total_ht, prices),
        certificates: line.certificates,
        cancellation_request: latestRequest.get(line.position) ?? null,
        quote_number: line.quote_number,
        customer_code: line.customer_code,
      })),
    shipping_lines: lines
      .filter((line) => line.is_port)
      .map((line) => ({
        obj_ref: line.ref,
        obj_title: line.title,
        amount_ht: amount(line.line_total_ht, prices),
      })),
    shipments,
    timeline: events.map((event) => ({
      at: iso(event.at),
      kind: event.kind as EventKind,
      status: event.status as OrderStatus | null,
      label: eventLabel(event.kind as EventKind, event.data as EventData),
      author: event.author,
      note: event.note,
    })),
    ord_total_ht: amount(row.total_ht, prices),
    ord_total_ecotaxe: amount(row.total_ecotaxe, prices),
    ord_total_tva: amount(row.total_tva, prices),
    ord_total_ttc: amount(row.total_ttc, prices),
    quote_numbers: quoteNumbersOf(lines),
    // Placed by approving a request (docs/approvals.md): only then is the key there.
    ...(row.approval_number && row.approved_by_name && row.approved_at
      ? {
          approval: {
            number: row.approval_number,
            requested_by: row.usr_name,
            approved_by: row.approved_by_name,
            approved_at: iso(row.approved_at),
          },
        }
      : {}),
    // Placed by a replenishment schedule's run (docs/replenishment.md): only then is the key there.
    ...(row.schedule_id !== null && row.schedule_name !== null ? { schedule: { id: row.schedule_id, name: row.schedule_name } } : {}),
  };
}
