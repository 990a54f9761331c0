import { Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import { formatDate } from "@shared/domain/french-format";
import { QuoteStateBadge } from "~/components/quotes/QuoteStateBadge";
import { SALES_QUOTE_PATHS } from "~/services/sales-quotes/paths";
import type { SalesQuoteRow } from "~/services/sales-quotes/types";

/** Whose turn it is, in words (never by colour alone). */
export function WaitingLabel({ waitingFor }: { waitingFor: SalesQuoteRow["waitingFor"] }) {
  if (waitingFor === "commercial") return <strong className="quote-waiting">à traiter</strong>;
  if (waitingFor === "client") return <span>en attente du client</span>;
  return <span className="muted">—</span>;
}

/** The quotes of the representative's clients, one row each. */
export function SalesQuoteTable({ rows, caption }: { rows: SalesQuoteRow[]; caption: string }) {
  return (
    <table className="table order-table quote-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Numéro</th>
          <th scope="col">Client</th>
          <th scope="col">Référence du client</th>
          <th scope="col">État</th>
          <th scope="col">Attente</th>
          <th scope="col">Demandé</th>
          <th scope="col">Valable jusqu&apos;au</th>
          <th scope="col">Total HT</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={`sales-quote-row-${row.number}`}>
            <th scope="row">
              <Link to={SALES_QUOTE_PATHS.quote(row.id)}>{row.number}</Link>
            </th>
            <LabelledCell label="Client">
              {row.orgName} <span className="muted">({row.orgRef})</span>
            </LabelledCell>
            <LabelledCell label="Référence du client">{row.customerRef || "—"}</LabelledCell>
            <LabelledCell label="État">
              <QuoteStateBadge state={row.state} />
            </LabelledCell>
            <LabelledCell label="Attente">
              <WaitingLabel waitingFor={row.waitingFor} />
            </LabelledCell>
            <LabelledCell label="Demandé">
              <time dateTime={row.requestedAt} title={formatDate(row.requestedAt)}>
                {row.age}
              </time>
            </LabelledCell>
            <LabelledCell label="Valable jusqu'au">{row.validUntil ? formatDate(row.validUntil) : "—"}</LabelledCell>
            <LabelledCell label="Total HT" className="cart-number">
              <Money cents={row.totalHt} />
            </LabelledCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
