import { Link } from "@remix-run/react";
import { Money } from "~/components/ui/Money";
import type { OrderInvoiceLink } from "~/services/invoices/types";
import { formatDate } from "@shared/domain/french-format";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";
import { invoicePdfHref } from "./InvoiceTable";

/** An order's invoices and credit notes on its page, each linked to its page, with its PDF. */
export function InvoiceOrderList({ invoices, unavailable }: { invoices: OrderInvoiceLink[]; unavailable: boolean }) {
  if (unavailable) return <p>Les factures de cette commande sont momentanément indisponibles.</p>;
  if (invoices.length === 0) return <p>Aucune facture pour cette commande pour l&apos;instant : elle est émise après l&apos;expédition.</p>;
  return (
    <ul className="invoice-links">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <Link to={`/mon-compte/factures/${invoice.id}`}>
            {invoice.kind === "avoir" ? "Avoir" : "Facture"} {invoice.number}
          </Link>{" "}
          du {formatDate(invoice.issuedOn)} · <Money cents={invoice.totalTtc} /> ·{" "}
          <InvoiceStatusBadge status={invoice.status} daysOverdue={invoice.daysOverdue} /> ·{" "}
          <a href={invoicePdfHref(invoice.id)} download>
            PDF<span className="visually-hidden"> de {invoice.number}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
