import type { InvoiceAccountSummary, InvoiceDetail, InvoiceSummary } from "@shared/contracts/invoices";
import type { InvoicePageView, InvoiceRow, InvoiceSummaryView, OrderInvoiceLink } from "./types";

export function invoiceRow(invoice: InvoiceSummary): InvoiceRow {
  return {
    id: invoice.inv_id,
    number: invoice.number,
    kind: invoice.kind,
    issuedOn: invoice.issued_on,
    dueOn: invoice.due_on,
    orderId: invoice.ord_id,
    orderRef: invoice.ord_ref,
    customerRef: invoice.customer_ref,
    creditsNumber: invoice.credits_number,
    totalHt: invoice.total_ht,
    totalTtc: invoice.total_ttc,
    remaining: invoice.remaining,
    status: invoice.status,
    daysOverdue: invoice.days_overdue,
    platformStatus: invoice.platform_status,
  };
}

export function summaryView(summary: InvoiceAccountSummary): InvoiceSummaryView {
  return { outstanding: summary.outstanding, overdue: summary.overdue, overdueCount: summary.overdue_count, openCount: summary.open_count };
}

export function orderInvoiceLink(invoice: InvoiceSummary): OrderInvoiceLink {
  return {
    id: invoice.inv_id,
    number: invoice.number,
    kind: invoice.kind,
    issuedOn: invoice.issued_on,
    totalTtc: invoice.total_ttc,
    status: invoice.status,
    daysOverdue: invoice.days_overdue,
  };
}

/** The invoice's page: the detail as the page draws it, the platform's statuses newest first. */
export function invoicePageView(invoice: InvoiceDetail): InvoicePageView {
  return {
    id: invoice.inv_id,
    number: invoice.number,
    kind: invoice.kind,
    issuedOn: invoice.issued_on,
    saleOn: invoice.sale_on,
    dueOn: invoice.due_on,
    paymentTerms: invoice.payment_terms,
    orderId: invoice.ord_id,
    orderRef: invoice.ord_ref,
    customerRef: invoice.customer_ref,
    creditsNumber: invoice.credits_number,
    status: invoice.status,
    daysOverdue: invoice.days_overdue,
    totalHt: invoice.total_ht,
    totalEcotax: invoice.total_ecotax,
    totalVat: invoice.total_vat,
    totalTtc: invoice.total_ttc,
    paid: invoice.paid,
    remaining: invoice.remaining,
    vat: invoice.vat.map((entry) => ({ rate: entry.rate, baseHt: entry.base_ht, vat: entry.vat })),
    lines: invoice.lines.map((line) => ({
      position: line.position,
      ref: line.obj_ref,
      title: line.title,
      qty: line.qty,
      unitListPrice: line.unit_list_price,
      discountPct: line.discount_pct,
      unitPrice: line.unit_price,
      unitEcotax: line.unit_ecotax,
      totalHt: line.line_total_ht,
      vatRate: line.vat_rate,
      isPort: line.is_port,
    })),
    payments: invoice.payments.map((payment) => ({
      paidOn: payment.paid_on,
      amount: payment.amount,
      method: payment.method,
      reference: payment.reference,
    })),
    creditNotes: invoice.credit_notes.map((note) => ({ number: note.number, issuedOn: note.issued_on, totalTtc: note.total_ttc })),
    platformStatuses: [...invoice.platform_statuses].reverse().map((entry) => ({
      code: entry.code,
      label: entry.label,
      at: entry.at,
      message: entry.message,
      platform: entry.platform,
    })),
  };
}
