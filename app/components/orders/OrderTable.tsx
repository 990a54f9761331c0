import { Link } from "@remix-run/react";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import type { OrderRow } from "~/services/orders/types";
import { formatDate } from "@shared/domain/french-format";

/** The organization's orders, one row each; the amounts' columns only with `prices`. */
export function OrderTable({ rows, showPrices, caption }: { rows: OrderRow[]; showPrices: boolean; caption: string }) {
  return (
    <table className="table order-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Numéro</th>
          <th scope="col">Date</th>
          <th scope="col">Votre référence</th>
          <th scope="col">Passée par</th>
          <th scope="col">Statut</th>
          {showPrices ? (
            <>
              <th scope="col">Total HT</th>
              <th scope="col">Total TTC</th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link to={`/mon-compte/commandes/${row.id}`}>{row.number}</Link>
            </th>
            <LabelledCell label="Date">{formatDate(row.createdAt)}</LabelledCell>
            <LabelledCell label="Votre référence">{row.customerRef || "—"}</LabelledCell>
            <LabelledCell label="Passée par">{row.placedBy}</LabelledCell>
            <LabelledCell label="Statut">
              <span className="order-status" data-status={row.status}>
                {row.status}
              </span>
              {row.backorderCount > 0 ? <span className="order-table__backorders"> · {row.backorderCount} en reliquat</span> : null}
            </LabelledCell>
            {showPrices ? (
              <>
                <LabelledCell label="Total HT">
                  <Money cents={row.totalHt} />
                </LabelledCell>
                <LabelledCell label="Total TTC">
                  <Money cents={row.totalTtc} />
                </LabelledCell>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
