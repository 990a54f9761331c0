import type { BackorderLine, OrderAuthor, OrderSummary } from "@shared/contracts/orders";
import type { BackorderRow, OrderRow } from "./types";

/** « Voilerie Atlantique », or « par Yann Le Gall pour Voilerie Atlantique » when a contributor placed it. */
export function placedBy(author: OrderAuthor): string {
  return author.on_behalf_of === null ? author.name : `par ${author.name} pour ${author.on_behalf_of}`;
}

export function orderRow(order: OrderSummary): OrderRow {
  return {
    id: order.ord_id,
    number: order.ord_ref,
    createdAt: order.created_at,
    customerRef: order.cart_ref,
    placedBy: placedBy(order.author),
    status: order.status,
    lineCount: order.line_count,
    backorderCount: order.backorder_count,
    // Shown as everywhere else: the HT total includes the ecotax (decision 0161).
    totalHt: order.ord_total_ht === null || order.ord_total_ecotaxe === null ? null : order.ord_total_ht + order.ord_total_ecotaxe,
    ecotaxe: order.ord_total_ecotaxe,
    tva: order.ord_total_tva,
    totalTtc: order.ord_total_ttc,
  };
}

export function backorderRow(line: BackorderLine, canOrder: boolean): BackorderRow {
  const request = line.cancellation_request;
  return {
    orderId: line.ord_id,
    orderNumber: line.ord_ref,
    orderDate: line.ord_created_at,
    customerRef: line.cart_ref,
    productId: line.obj_id,
    productRef: line.obj_ref,
    productTitle: line.obj_title,
    ordered: line.ordered,
    shipped: line.shipped,
    // The back-order the order page shows (backorder.qty, decision 0160), not the whole unsent line.
    backorder: line.backorder.qty,
    state: line.backorder.state,
    expectedDate: line.backorder.expected_date,
    unitPrice: line.unit_price,
    request: request
      ? { status: request.status, requestedAt: request.requested_at, requestedBy: request.requested_by, answer: request.answer }
      : null,
    canRequestCancellation: canOrder && line.backorder.qty > 0 && request?.status !== "en attente",
  };
}
