import { Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { InvoiceRow } from "~/services/invoices/types";
import { formatDate } from "@shared/domain/french-format";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";
import { PlatformStatusNote } from "./PlatformStatusNote";

/** Where an invoice's PDF is downloaded. */
export function invoicePdfHref(id: number): string {
  return `/mon-compte/factures/${id}.pdf`;
}

export interface InvoiceTableProps {
  rows: InvoiceRow[];
  caption: string;
  /** The list's filters and page, sent back with the selection so a refusal returns to the same list. */
  listQuery: string;
}

/**
 * The invoices, one row each, with a checkbox per row inside a plain POST form: the ZIP of the
 * ticked invoices downloads without JavaScript (the browser submits the form natively).
 */
export function InvoiceTable({ rows, caption, listQuery }: InvoiceTableProps) {
  return (
    <form method="post" action="/mon-compte/factures/archive.zip" className="invoice-selection">
      <input type="hidden" name="filtres" value={listQuery} />
      <table className="table order-table invoice-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Sélection</span>
            </th>
            <th scope="col">Numéro</th>
            <th scope="col">Date</th>
            <th scope="col">Échéance</th>
            <th scope="col">Commande</th>
            <th scope="col">Votre référence</th>
            <th scope="col">Total HT</th>
            <th scope="col">Total TTC</th>
            <th scope="col">Reste dû</th>
            <th scope="col">Statut</th>
            <th scope="col">PDF</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <input
                  type="checkbox"
                  name="facture"
                  value={row.id}
                  id={`facture-${row.id}`}
                  aria-label={`Sélectionner ${row.kind === "avoir" ? "l'avoir" : "la facture"} ${row.number}`}
                />
              </td>
              <th scope="row">
                <Link to={`/mon-compte/factures/${row.id}`}>{row.number}</Link>
                {row.kind === "avoir" ? (
                  <span className="invoice-table__kind"> · avoir{row.creditsNumber ? ` sur ${row.creditsNumber}` : ""}</span>
                ) : null}
              </th>
              <LabelledCell label="Date">{formatDate(row.issuedOn)}</LabelledCell>
              <LabelledCell label="Échéance">{formatDate(row.dueOn)}</LabelledCell>
              <LabelledCell label="Commande">
                <Link to={`/mon-compte/commandes/${row.orderId}`}>{row.orderRef}</Link>
              </LabelledCell>
              <LabelledCell label="Votre référence">{row.customerRef || "—"}</LabelledCell>
              <LabelledCell label="Total HT">
                <Money cents={row.totalHt} />
              </LabelledCell>
              <LabelledCell label="Total TTC">
                <Money cents={row.totalTtc} />
              </LabelledCell>
              <LabelledCell label="Reste dû">
                <Money cents={row.remaining} />
              </LabelledCell>
              <LabelledCell label="Statut">
                {/* One block: on a phone the cell is a labelled row, the platform's status under the status. */}
                <span className="invoice-table__status">
                  <InvoiceStatusBadge status={row.status} daysOverdue={row.daysOverdue} />
                  <PlatformStatusNote status={row.platformStatus} />
                </span>
              </LabelledCell>
              <td>
                <a href={invoicePdfHref(row.id)} download>
                  PDF<span className="visually-hidden"> de {row.number}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="submit" className="button">
          Télécharger la sélection (ZIP)
        </button>
      </p>
    </form>
  );
}
