import {
  NOT_RETURNABLE_LABELS,
  RETURN_REASON_LABELS,
  RETURN_RESOLUTION_LABELS,
  type EligibleOrder,
  type ReturnableLine,
  type ReturnDetail,
  type ReturnSummary,
} from "@shared/contracts/returns";
import {
  STATUS_HINTS,
  STEP_LABELS,
  invoicePath,
  photoPath,
  slipPath,
  type EligibleOrderView,
  type ReturnableLineView,
  type ReturnPageView,
  type ReturnRow,
} from "./types";
import type { Permissions } from "@shared/domain/permissions";

/** The back-office's answers as the pages draw them (types.ts). */

export function returnRow(summary: ReturnSummary, showPrices: boolean): ReturnRow {
  return {
    number: summary.number,
    status: summary.status,
    orderId: summary.order_id,
    orderRef: summary.order_ref,
    requestedAt: summary.requested_at,
    reason: RETURN_REASON_LABELS[summary.reason],
    resolution: RETURN_RESOLUTION_LABELS[summary.resolution],
    units: summary.units,
    amountHt: showPrices ? summary.amount_ht : null,
  };
}

export function eligibleOrderView(order: EligibleOrder): EligibleOrderView {
  return {
    orderId: order.order_id,
    orderRef: order.order_ref,
    cartRef: order.cart_ref,
    deliveredOn: order.delivered_on,
    deadline: order.deadline,
    returnableUnits: order.returnable_units,
  };
}

export function returnableLineView(line: ReturnableLine, showPrices: boolean): ReturnableLineView {
  return {
    position: line.position,
    ref: line.obj_ref,
    title: line.title,
    customerCode: line.customer_code,
    delivered: line.delivered,
    inReturns: line.in_returns,
    returnable: line.not_returnable ? 0 : line.returnable,
    notReturnable: line.not_returnable ? NOT_RETURNABLE_LABELS[line.not_returnable] : null,
    unitPrice: showPrices ? line.unit_price : null,
  };
}

/** A carrier's tracking address is a link only when it is a web address: never a `javascript:` one. */
function webAddressOrNull(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What of a return the account may see: amounts with `prices`, the credit notes' pages with `invoices`. */
export type ReturnReader = Pick<Permissions, "canViewPrices" | "canViewInvoices">;

export function returnPageView(detail: ReturnDetail, can: ReturnReader, confirmWithdraw: boolean): ReturnPageView {
  const showPrices = can.canViewPrices;
  const canSeeInvoices = can.canViewInvoices;
  return {
    number: detail.number,
    status: detail.status,
    statusHint: STATUS_HINTS[detail.status],
    orderId: detail.order_id,
    orderRef: detail.order_ref,
    requestedAt: detail.requested_at,
    requestedBy: detail.requested_by,
    reason: RETURN_REASON_LABELS[detail.reason],
    resolution: RETURN_RESOLUTION_LABELS[detail.resolution],
    comment: detail.comment,
    units: detail.units,
    amountHt: showPrices ? detail.amount_ht : null,
    restockingFeePct: showPrices ? detail.restocking_fee_pct : null,
    lines: detail.lines.map((line) => ({
      position: line.position,
      ref: line.obj_ref,
      title: line.title,
      customerCode: line.customer_code,
      qty: line.qty,
      received: line.received,
      unitPrice: showPrices ? line.unit_price : null,
    })),
    photos: detail.photos.map((photo) => ({ id: photo.id, fileName: photo.file_name, href: photoPath(detail.number, photo.id) })),
    steps: detail.steps.map((step) => ({
      kind: step.kind,
      label: STEP_LABELS[step.kind],
      at: step.at,
      author: step.author,
      note: step.note,
    })),
    refusal: detail.refusal,
    creditNotes: detail.credit_notes.map((note) => ({
      number: note.number,
      href: canSeeInvoices ? invoicePath(note.invoice_id) : null,
      totalTtc: showPrices ? note.total_ttc : null,
    })),
    exchange: detail.exchange
      ? {
          carrier: detail.exchange.carrier,
          trackingNumber: detail.exchange.tracking_number,
          trackingUrl: webAddressOrNull(detail.exchange.tracking_url),
          shippedAt: detail.exchange.shipped_at,
        }
      : null,
    slipHref: detail.slip_available ? slipPath(detail.number) : null,
    canWithdraw: detail.can_withdraw,
    confirmWithdraw: confirmWithdraw && detail.can_withdraw,
    showPrices,
  };
}
