import type { ApprovalDetail, ApprovalLine, ApprovalSummary } from "@shared/contracts/approvals";
import type { OrderTotals } from "@shared/contracts/entities";
import { formatEuros } from "@shared/domain/french-format";
import { approvalReasonText, approvalReasonTextForApprover, type ApprovalReason } from "@shared/domain/purchasing-rules";
import type { ApprovalLineView, ApprovalPageView, ApprovalRow, ApprovalTotalsView } from "./request-types";

/**
 * From the back-office's requests (shared/contracts/approvals.ts) to what the pages draw: the
 * reasons in French (to the approver in the third person, to the requester in the second),
 * each line flagged with what changed since the request, the totals as shown everywhere (the
 * HT total with its ecotax, decision 0161).
 */

export type ReasonReader = "approver" | "requester";

export function reasonTexts(reasons: readonly ApprovalReason[], reader: ReasonReader): string[] {
  return reasons.map(reader === "approver" ? approvalReasonTextForApprover : approvalReasonText);
}

export const PRICE_CHANGED = (then: number, now: number) => `Prix modifié depuis la demande : ${formatEuros(then)} → ${formatEuros(now)}`;
export const STOCK_SHORT = "Stock insuffisant aujourd'hui";
export const DISCONTINUED = "N'est plus commercialisé";

export function approvalRow(summary: ApprovalSummary, reader: ReasonReader): ApprovalRow {
  return {
    id: summary.id,
    number: summary.number,
    status: summary.status,
    createdAt: summary.created_at,
    requesterName: summary.requester_name,
    reasons: reasonTexts(summary.reasons, reader),
    linesCount: summary.lines_count,
    totalHt: summary.total_ht,
    decidedAt: summary.decided_at,
    decidedByName: summary.decided_by_name,
    refusalReason: summary.refusal_reason,
    order: summary.order_id !== null && summary.order_ref !== null ? { id: summary.order_id, number: summary.order_ref } : null,
  };
}

function lineView(line: ApprovalLine, showPrices: boolean): ApprovalLineView {
  const unitPriceThen = showPrices ? line.unit_price_then : null;
  const unitPriceNow = showPrices ? line.unit_price_now : null;
  const priceChanged = unitPriceThen !== null && unitPriceNow !== null && unitPriceThen !== unitPriceNow;
  const stockShort = !line.discontinued && line.stock_now < line.qty;
  const flags: string[] = [];
  if (line.discontinued) flags.push(DISCONTINUED);
  if (priceChanged) flags.push(PRICE_CHANGED(unitPriceThen, unitPriceNow));
  if (stockShort) flags.push(STOCK_SHORT);
  return {
    productId: line.product_id,
    ref: line.ref,
    title: line.title,
    qty: line.qty,
    unitPriceThen,
    unitPriceNow,
    lineTotalNow: showPrices ? line.line_total_now : null,
    stockNow: line.stock_now,
    priceChanged,
    stockShort,
    discontinued: line.discontinued,
    flags,
  };
}

function totalsView(totals: OrderTotals | null): ApprovalTotalsView | null {
  if (!totals) return null;
  const totalHt = totals.ord_total_ht + totals.ord_total_ecotaxe;
  return { totalHt, ecotaxe: totals.ord_total_ecotaxe, ttc: totals.ord_total_ttc };
}

export function approvalPage(detail: ApprovalDetail, options: { showPrices: boolean; callerId: number }): ApprovalPageView {
  const { showPrices } = options;
  const isRequester = detail.requester_id === options.callerId;
  const totalsThen = showPrices ? totalsView(detail.totals_then) : null;
  const totalsNow = showPrices ? totalsView(detail.totals_now) : null;
  const totalChanged =
    totalsThen && totalsNow && totalsThen.totalHt !== totalsNow.totalHt
      ? `Le total HT a changé depuis la demande : ${formatEuros(totalsThen.totalHt)} → ${formatEuros(totalsNow.totalHt)}.`
      : null;
  const { cart } = detail;
  return {
    ...approvalRow(detail, isRequester ? "requester" : "approver"),
    isRequester,
    message: detail.message,
    delivery: cart.dlv_address,
    invoicing: cart.inv_address,
    lddActive: cart.ldd.active,
    saturday: cart.saturday,
    partialDelivery: cart.partialDelivery,
    customerRef: cart.ref,
    comments: cart.comments,
    notes: cart.notes,
    lines: detail.lines.map((line) => lineView(line, showPrices)),
    showPrices,
    totalsThen,
    totalsNow,
    totalChanged,
    problems: detail.problems,
    actions: detail.actions,
    approveTotalHt: showPrices ? (detail.totals_now?.ord_total_ht ?? null) : null,
  };
}
