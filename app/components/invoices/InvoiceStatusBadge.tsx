import type { InvoiceStatus } from "~/services/invoices/types";

/** « en retard de 12 jours », else the status as the back-office says it. */
export function invoiceStatusText(status: InvoiceStatus, daysOverdue: number | null): string {
  if (status === "en retard" && daysOverdue !== null) return `en retard de ${daysOverdue} jour${daysOverdue > 1 ? "s" : ""}`;
  return status;
}

/** The status in words (never by colour alone); the colour is a hint of the stylesheet's. */
export function InvoiceStatusBadge({ status, daysOverdue }: { status: InvoiceStatus; daysOverdue: number | null }) {
  return (
    <span className="order-status invoice-status" data-status={status}>
      {invoiceStatusText(status, daysOverdue)}
    </span>
  );
}
