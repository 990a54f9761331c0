import type { Selectable } from "kysely";
import type { PlatformStatus } from "@shared/contracts/einvoicing";
import type { InvoiceKind, InvoiceLine, InvoicePayment, InvoiceSummary, PaymentMethod } from "@shared/contracts/invoices";
import { invoiceStatusOn } from "@shared/domain/index";
import type { Database } from "../db/schema";

/** Rows as the contract shows them (shared/contracts/invoices.ts). */

type LineRow = Selectable<Database["invoice_lines"]>;

export function lineView(row: LineRow): InvoiceLine {
  return {
    position: row.position,
    obj_ref: row.obj_ref,
    title: row.title,
    qty: row.qty,
    unit_list_price: row.unit_list_price,
    discount_pct: Number(row.discount_pct),
    unit_price: row.unit_price,
    unit_ecotax: row.unit_ecotax,
    line_total_ht: Number(row.line_total_ht),
    vat_rate: Number(row.vat_rate),
    is_port: row.is_port,
    quote_number: row.quote_number,
  };
}

export interface SummaryRow {
  id: number;
  number: string;
  kind: string;
  issued_on: string;
  due_on: string;
  order_id: number;
  order_ref: string;
  customer_ref: string;
  credits_number: string | null;
  total_ht: number;
  total_vat: number;
  total_ttc: number;
  paid: number | string;
}

/** One invoice of a list, its status on `today` (France) and its latest platform status. */
export function summaryView(row: SummaryRow, today: string, platformStatus: PlatformStatus | null = null): InvoiceSummary {
  const paid = Number(row.paid);
  const kind = row.kind as InvoiceKind;
  const { status, days_overdue } = invoiceStatusOn({ kind, total_ttc: row.total_ttc, paid, due_on: row.due_on }, today);
  return {
    inv_id: row.id,
    number: row.number,
    kind,
    issued_on: row.issued_on,
    due_on: row.due_on,
    ord_id: row.order_id,
    ord_ref: row.order_ref,
    customer_ref: row.customer_ref,
    credits_number: row.credits_number,
    total_ht: row.total_ht,
    total_vat: row.total_vat,
    total_ttc: row.total_ttc,
    paid,
    remaining: row.total_ttc - paid,
    status,
    days_overdue,
    platform_status: platformStatus,
  };
}

export function paymentView(row: Selectable<Database["invoice_payments"]>): InvoicePayment {
  return {
    paid_on: row.paid_on,
    amount: row.amount,
    method: row.method as PaymentMethod,
    reference: row.reference,
    recorded_at: row.recorded_at.toISOString(),
    author: row.author,
  };
}
