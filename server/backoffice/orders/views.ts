import type { CancellationRequest, LineBackorder, OrderAuthor, RequestStatus } from "@shared/contracts/orders";
import { backorderState, backorderUnits, remainingOf } from "@shared/domain/index";

/**
 * Rows as the contract shows them (shared/contracts/orders.ts), shared by the customers' and
 * the distributor's calls. Amounts go through `amount`: null when the caller may not see prices.
 */

export function amount(value: number, prices: boolean): number | null {
  return prices ? value : null;
}

export function iso(value: Date): string {
  return value.toISOString();
}

/** « par X pour Y »: a contributor's order names the organization it was placed for. */
export function orderAuthorOf(row: { usr_id: number; usr_name: string; author_class: string | null; org_name: string }): OrderAuthor {
  return { usr_id: row.usr_id, name: row.usr_name, on_behalf_of: row.author_class === "contributor" ? row.org_name : null };
}

export interface BackorderColumns {
  qty: number;
  shipped_qty: number;
  backorder_qty: number;
  cancelled_qty: number;
  backordered_at: Date | null;
  available_at: Date | null;
  sto_disp: number | null;
  refill_date: string | null;
}

/**
 * The back-order a line carries, or null when it never was one. Its `qty` is the one figure
 * « en reliquat » of the order page, the back-orders list, its CSV and the home block
 * (`backorderUnits`, decision 0160).
 */
export function lineBackorderOf(line: BackorderColumns): LineBackorder | null {
  if (!line.backordered_at) return null;
  const quantities = { qty: line.qty, shipped: line.shipped_qty, cancelled: line.cancelled_qty };
  const units = backorderUnits({ ...quantities, backorder: line.backorder_qty });
  return {
    state: backorderState({
      backorder: units,
      unsent: remainingOf(quantities),
      cancelled: line.cancelled_qty,
      markedAvailable: line.available_at !== null,
      stockOnHand: line.sto_disp,
    }),
    qty: units,
    since: iso(line.backordered_at),
    expected_date: line.refill_date,
    available_at: line.available_at ? iso(line.available_at) : null,
  };
}

export interface RequestRow {
  id: number;
  order_id: number;
  ord_ref: string;
  product_id: number;
  obj_ref: string;
  obj_title: string;
  qty: number;
  reason: string;
  requested_at: Date;
  requested_by_name: string;
  status: string;
  answered_at: Date | null;
  answered_by: string | null;
  answer: string | null;
}

export function requestView(row: RequestRow): CancellationRequest {
  return {
    req_id: row.id,
    ord_id: row.order_id,
    ord_ref: row.ord_ref,
    obj_id: row.product_id,
    obj_ref: row.obj_ref,
    obj_title: row.obj_title,
    qty: row.qty,
    reason: row.reason,
    requested_at: iso(row.requested_at),
    requested_by: row.requested_by_name,
    status: row.status as RequestStatus,
    answered_at: row.answered_at ? iso(row.answered_at) : null,
    answered_by: row.answered_by,
    answer: row.answer,
  };
}
