import { Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { QuoteRow } from "~/services/quotes/types";
import { formatDate } from "@shared/domain/french-format";
import { QuoteStateBadge, WaitingForYou } from "./QuoteStateBadge";

export interface QuoteTableProps {
  rows: QuoteRow[];
  caption: string;
  showPrices: boolean;
}

/** The organization's quotes, one row each; the total column only for an account with prices. */
export function QuoteTable({ rows, caption, showPrices }: QuoteTableProps) {
  return (
    <table className="table order-table quote-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Numéro</th>
          <th scope="col">Votre référence</th>
          <th scope="col">État</th>
          <th scope="col">Demandé le</th>
          <th scope="col">Valable jusqu&apos;au</th>
          {showPrices ? <th scope="col">Total HT</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid={`quote-row-${row.number}`}>
            <th scope="row">
              <Link to={`/mon-compte/mes-devis/${row.id}`}>{row.number}</Link>
            </th>
            <LabelledCell label="Votre référence">{row.customerRef || "—"}</LabelledCell>
            <LabelledCell label="État">
              <QuoteStateBadge state={row.state} />
              {row.waitingForClient ? (
                <>
                  <br />
                  <WaitingForYou />
                </>
              ) : null}
            </LabelledCell>
            <LabelledCell label="Demandé le">{formatDate(row.requestedAt)}</LabelledCell>
            <LabelledCell label="Valable jusqu'au">{row.validUntil ? formatDate(row.validUntil) : "—"}</LabelledCell>
            {showPrices ? (
              <LabelledCell label="Total HT" className="cart-number">
                <Money cents={row.totalHt} />
              </LabelledCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
