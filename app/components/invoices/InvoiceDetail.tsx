import { Fragment } from "react";
import { Link } from "@remix-run/react";
import { Money } from "~/components/ui/Money";
import type { InvoicePageView } from "~/services/invoices/types";
import { formatDate, formatDateTime, formatEuros, formatPercent } from "@shared/domain/french-format";
import { InvoiceStatusBadge } from "./InvoiceStatusBadge";
import { invoicePdfHref } from "./InvoiceTable";

/** Where one invoice's page is. */
export function invoicePageHref(id: number): string {
  return `/mon-compte/factures/${id}`;
}

/** The list filtered on one number: credit notes are named by number in an invoice's detail. */
export function invoiceNumberHref(number: string): string {
  return `/mon-compte/factures?numero=${encodeURIComponent(number)}`;
}

const isCreditNote = (invoice: InvoicePageView) => invoice.kind === "avoir";

/** Number, kind, dates, order, terms, status and the PDF. */
export function InvoiceFacts({ invoice }: { invoice: InvoicePageView }) {
  return (
    <dl className="order-facts invoice-facts">
      <div>
        <dt>Type</dt>
        <dd>
          {isCreditNote(invoice) ? "Avoir" : "Facture"}
          {invoice.creditsNumber ? (
            <>
              {" "}
              sur la facture <Link to={invoiceNumberHref(invoice.creditsNumber)}>{invoice.creditsNumber}</Link>
            </>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Date d&apos;émission</dt>
        <dd>{formatDate(invoice.issuedOn)}</dd>
      </div>
      <div>
        <dt>Date de la vente</dt>
        <dd>{formatDate(invoice.saleOn)}</dd>
      </div>
      <div>
        <dt>Échéance</dt>
        <dd>
          {formatDate(invoice.dueOn)} ({invoice.paymentTerms})
        </dd>
      </div>
      <div>
        <dt>Commande</dt>
        <dd>
          <Link to={`/mon-compte/commandes/${invoice.orderId}`}>{invoice.orderRef}</Link>
          {invoice.customerRef ? ` · votre référence ${invoice.customerRef}` : ""}
        </dd>
      </div>
      <div>
        <dt>Statut</dt>
        <dd>
          <InvoiceStatusBadge status={invoice.status} daysOverdue={invoice.daysOverdue} />
        </dd>
      </div>
      <div>
        <dt>Document</dt>
        <dd>
          <a href={invoicePdfHref(invoice.id)} download>
            Télécharger le PDF<span className="visually-hidden"> de {invoice.number}</span>
          </a>
        </dd>
      </div>
    </dl>
  );
}

/** The lines as invoiced: a line's « Total HT » includes its ecotax (decision 0161). */
export function InvoiceLines({ invoice }: { invoice: InvoicePageView }) {
  const showsEcotax = invoice.totalEcotax > 0;
  return (
    <table className="table invoice-lines">
      <caption>Lignes {isCreditNote(invoice) ? "de l'avoir" : "de la facture"}</caption>
      <thead>
        <tr>
          <th scope="col">Produit</th>
          <th scope="col">Quantité</th>
          <th scope="col">Prix unitaire HT</th>
          <th scope="col">Remise</th>
          {showsEcotax ? <th scope="col">Éco-participation unitaire</th> : null}
          <th scope="col">Total HT</th>
          <th scope="col">TVA</th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line) => (
          <tr key={line.position}>
            <th scope="row">
              {line.ref} · {line.title}
              {line.isPort ? <span className="invoice-lines__port"> · frais de port</span> : null}
            </th>
            <td data-label="Quantité">{line.qty}</td>
            <td data-label="Prix unitaire HT">
              <Money cents={line.unitPrice} />
            </td>
            <td data-label="Remise">{line.discountPct > 0 ? formatPercent(line.discountPct) : "—"}</td>
            {showsEcotax ? (
              <td data-label="Éco-participation unitaire">
                <Money cents={line.unitEcotax} />
              </td>
            ) : null}
            <td data-label="Total HT">
              <Money cents={line.totalHt} />
            </td>
            <td data-label="TVA">{formatPercent(line.vatRate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Total HT (ecotax included, « dont éco-participation »), VAT per rate, TTC, what is paid and left. */
export function InvoiceTotals({ invoice }: { invoice: InvoicePageView }) {
  const rows: { key: string; label: string; cents: number }[] = [
    { key: "ht", label: "Total HT", cents: invoice.totalHt },
    ...(invoice.totalEcotax > 0 ? [{ key: "ecotax", label: "dont éco-participation", cents: invoice.totalEcotax }] : []),
    ...invoice.vat.map((entry) => ({
      key: `vat-${entry.rate}`,
      label: `TVA ${formatPercent(entry.rate)} sur ${formatEuros(entry.baseHt)}`,
      cents: entry.vat,
    })),
    { key: "ttc", label: "Total TTC", cents: invoice.totalTtc },
    { key: "paid", label: isCreditNote(invoice) ? "Déjà imputé" : "Déjà payé", cents: invoice.paid },
    { key: "remaining", label: isCreditNote(invoice) ? "Reste à imputer" : "Reste dû", cents: invoice.remaining },
  ];
  return (
    <dl className="order-totals">
      {rows.map((row) => (
        <Fragment key={row.key}>
          <dt>{row.label}</dt>
          <dd>
            <Money cents={row.cents} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Payments received (or, for a credit note, its uses), and the credit notes against an invoice. */
export function InvoicePayments({ invoice }: { invoice: InvoicePageView }) {
  return (
    <>
      {invoice.payments.length === 0 ? (
        <p>{isCreditNote(invoice) ? "Cet avoir n'a pas encore été imputé." : "Aucun paiement enregistré pour l'instant."}</p>
      ) : (
        <ul className="invoice-payments">
          {invoice.payments.map((payment, index) => (
            <li key={`${payment.paidOn}-${index}`}>
              {formatDate(payment.paidOn)} · <Money cents={payment.amount} /> · {payment.method}
              {payment.reference ? ` · ${payment.reference}` : ""}
            </li>
          ))}
        </ul>
      )}
      {invoice.creditNotes.length > 0 ? (
        <>
          <h3>Avoirs sur cette facture</h3>
          <ul className="invoice-credit-notes">
            {invoice.creditNotes.map((note) => (
              <li key={note.number}>
                <Link to={invoiceNumberHref(note.number)}>Avoir {note.number}</Link> du {formatDate(note.issuedOn)} ·{" "}
                <Money cents={note.totalTtc} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The plateforme agréée's statuses, newest first, each dated, with the platform's message. */
export function InvoicePlatformHistory({ invoice }: { invoice: InvoicePageView }) {
  if (invoice.platformStatuses.length === 0) {
    return <p>La plateforme de facturation électronique n&apos;a transmis aucun statut pour ce document.</p>;
  }
  return (
    <ol className="timeline invoice-platform-history" reversed>
      {invoice.platformStatuses.map((entry) => (
        <li key={`${entry.code}-${entry.at}`}>
          <strong>{entry.label}</strong> ({entry.code}) · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.platform ? ` · ${entry.platform}` : ""}
          {entry.message ? <span className="invoice-platform-history__message"> · {entry.message}</span> : null}
        </li>
      ))}
    </ol>
  );
}
