import type { Kysely } from "kysely";
import type { Address, CartLine } from "@shared/contracts/entities";
import { computeTotals, emptyCart } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { nextOrderNumber } from "../oms/cart-store";
import type { PastLine, PastOrder } from "./past-order";
import { chunks } from "./prng";

/** A past order with what its row needs beside its lifecycle. */
export interface PastOrderRecord {
  order: PastOrder;
  orgId: number;
  catCompta: string | null;
  author: { id: number; name: string };
  cartRef: string;
  partialDelivery: boolean;
  dlvAddress: Address | null;
  invAddress: Address | null;
}

/** Orders under this many cents of products paid the parcel's shipping line. */
const SHIPPING_UNDER = 40_000;
const SHIPPING_REF = "PORT_EXT+1KG";

function cartLine(line: PastLine): CartLine {
  return {
    obj_id: line.productId,
    obj_ref: line.ref,
    obj_title: line.title,
    obj_name: line.title,
    qty: line.qty,
    line_id: `line-${line.position}`,
    prd_is_port: line.isPort,
    prd_price_selling: line.unitPrice,
    prc_price: line.unitPrice,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: 0,
    prd_ecotaxe: line.ecotaxe,
    prd_weight_gross: 0,
    prd_weight_net: 0,
    prd_sto_disp: 0,
    prd_refill_date: null,
    prd_refill_qte: null,
    certificates: [],
    obj_properties: {},
  };
}

/**
 * Writes the past orders in the order given (their numbers follow it), with their lines,
 * shipments, timeline and cancellation requests, a few statements per thousand rows.
 */
export async function insertPastOrders(db: Kysely<Database>, records: readonly PastOrderRecord[], system: string): Promise<void> {
  if (records.length === 0) return;
  const port = await db
    .selectFrom("products")
    .select(["id", "ref", "title", "price_selling"])
    .where("ref", "=", SHIPPING_REF)
    .executeTakeFirstOrThrow();
  const withShipping = records.map((record) => {
    const products = record.order.lines;
    const subtotal = products.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
    const lines: PastLine[] =
      subtotal >= SHIPPING_UNDER
        ? products
        : [
            ...products,
            {
              position: products.length,
              productId: port.id,
              ref: port.ref,
              title: port.title,
              qty: 1,
              isPort: true,
              unitPrice: port.price_selling,
              ecotaxe: 0,
              shipped: 0,
              cancelled: 0,
              backorder: 0,
              backorderedAt: null,
              availableAt: null,
            },
          ];
    const totals = computeTotals(
      { ...emptyCart(), products: lines.map(cartLine) },
      { objRef: "", zipcode: "", country: "FR", catCompta: record.catCompta ?? undefined },
    );
    return { record, lines, totals };
  });

  const ids = new Map<string, number>();
  for (const batch of chunks(withShipping, 500)) {
    const rows = await db
      .insertInto("orders")
      .values(
        batch.map(({ record, totals }) => ({
          ref: nextOrderNumber,
          org_id: record.orgId,
          usr_id: record.author.id,
          usr_name: record.author.name,
          idempotency_key: record.order.key,
          created_at: record.order.createdAt,
          status: record.order.status,
          cart_ref: record.cartRef,
          comments: "",
          notes: "",
          partial_delivery: record.partialDelivery,
          saturday: false,
          ldd_active: false,
          dlv_address: record.dlvAddress ? JSON.stringify(record.dlvAddress) : null,
          inv_address: record.invAddress ? JSON.stringify(record.invAddress) : null,
          total_ht: totals.ht,
          total_ecotaxe: totals.ecotaxe,
          total_tva: totals.tva,
          total_ttc: totals.ttc,
        })),
      )
      .returning(["id", "idempotency_key"])
      .execute();
    for (const row of rows) ids.set(row.idempotency_key, row.id);
  }
  const idOf = (order: PastOrder): number => {
    const id = ids.get(order.key);
    if (id === undefined) throw new Error(`demo seed: order ${order.key} was not written`);
    return id;
  };

  const lineRows = withShipping.flatMap(({ record, lines }) =>
    lines.map((line) => ({
      order_id: idOf(record.order),
      position: line.position,
      product_id: line.productId,
      ref: line.ref,
      title: line.title,
      qty: line.qty,
      is_port: line.isPort,
      unit_price: line.unitPrice,
      ecotaxe: line.ecotaxe,
      line_total_ht: line.unitPrice * line.qty,
      shipped_qty: line.shipped,
      cancelled_qty: line.cancelled,
      backorder_qty: line.backorder,
      backordered_at: line.backorderedAt,
      available_at: line.availableAt,
    })),
  );
  for (const batch of chunks(lineRows, 1000)) await db.insertInto("order_lines").values(batch).execute();

  const shipments = records.flatMap(({ order }) => order.shipments.map((shipment) => ({ order, shipment })));
  const shipmentIds = new Map<string, number>();
  for (const batch of chunks(shipments, 1000)) {
    const rows = await db
      .insertInto("shipments")
      .values(
        batch.map(({ order, shipment }) => ({
          order_id: idOf(order),
          number: shipment.number,
          shipped_at: shipment.at,
          carrier: shipment.carrier,
          tracking_number: shipment.trackingNumber,
          tracking_url: shipment.trackingUrl,
          author: system,
        })),
      )
      .returning(["id", "order_id", "number"])
      .execute();
    for (const row of rows) shipmentIds.set(`${row.order_id}:${row.number}`, row.id);
  }
  const shipmentLines = shipments.flatMap(({ order, shipment }) =>
    shipment.lines.map((line) => ({
      shipment_id: shipmentIds.get(`${idOf(order)}:${shipment.number}`) ?? 0,
      order_id: idOf(order),
      position: line.position,
      qty: line.qty,
    })),
  );
  for (const batch of chunks(shipmentLines, 1000)) await db.insertInto("shipment_lines").values(batch).execute();

  const events = records.flatMap(({ order }) =>
    order.events.map((event) => ({
      order_id: idOf(order),
      at: event.at,
      kind: event.kind,
      status: event.status,
      author: event.author,
      note: event.note,
      data: JSON.stringify(event.data),
    })),
  );
  for (const batch of chunks(events, 1000)) await db.insertInto("order_events").values(batch).execute();

  const requests = records.flatMap(({ order }) =>
    order.requests.map((request) => ({
      order_id: idOf(order),
      position: request.position,
      qty: request.qty,
      requested_by: request.by.id,
      requested_by_name: request.by.name,
      requested_at: request.at,
      reason: request.reason,
      status: request.status,
      answered_at: request.answeredAt,
      answered_by: request.answeredAt ? system : null,
      answer: request.answer,
    })),
  );
  for (const batch of chunks(requests, 1000)) await db.insertInto("cancellation_requests").values(batch).execute();
}
