import { Link } from "@remix-run/react";
import { formatDate, formatQuantity } from "@shared/domain/french-format";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import { orderPath, returnPath, type ReturnRow } from "~/services/returns/types";
import { ReturnStatusBadge } from "./ReturnStatusBadge";

export interface ReturnTableProps {
  rows: ReturnRow[];
  caption: string;
  showPrices: boolean;
  /** On an order's page the order column says nothing new. */
  showOrder?: boolean;
}

/** The organization's returns, one row each; the amount column only for an account with prices. */
export function ReturnTable({ rows, caption, showPrices, showOrder = true }: ReturnTableProps) {
  return (
    <table className="table order-table return-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">N°</th>
          <th scope="col">Date</th>
          {showOrder ? <th scope="col">Commande</th> : null}
          <th scope="col">Motif</th>
          <th scope="col">Statut</th>
          <th scope="col">Unités</th>
          {showPrices ? <th scope="col">Montant HT</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.number} data-testid={`return-row-${row.number}`}>
            <th scope="row">
              <Link to={returnPath(row.number)}>{row.number}</Link>
            </th>
            <LabelledCell label="Date">{formatDate(row.requestedAt)}</LabelledCell>
            {showOrder ? (
              <LabelledCell label="Commande">
                <Link to={orderPath(row.orderId)}>{row.orderRef}</Link>
              </LabelledCell>
            ) : null}
            <LabelledCell label="Motif">{row.reason}</LabelledCell>
            <LabelledCell label="Statut">
              <ReturnStatusBadge status={row.status} />
            </LabelledCell>
            <LabelledCell label="Unités" className="cart-number">
              {formatQuantity(row.units)}
            </LabelledCell>
            {showPrices ? (
              <LabelledCell label="Montant HT" className="cart-number">
                <Money cents={row.amountHt} />
              </LabelledCell>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
