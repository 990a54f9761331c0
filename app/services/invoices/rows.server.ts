import type { InvoiceAccountSummary, InvoiceSummary } from "@shared/contracts/invoices";
import type { InvoiceRow, InvoiceSummaryView, OrderInvoiceLink } from "./types";

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
