import { Link } from "@remix-run/react";
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
            <td>{formatDate(row.createdAt)}</td>
            <td>{row.customerRef || "—"}</td>
            <td>{row.placedBy}</td>
            <td>
              <span className="order-status" data-status={row.status}>
                {row.status}
              </span>
              {row.backorderCount > 0 ? <span className="order-table__backorders"> · {row.backorderCount} en reliquat</span> : null}
            </td>
            {showPrices ? (
              <>
                <td>
                  <Money cents={row.totalHt} />
                </td>
                <td>
                  <Money cents={row.totalTtc} />
                </td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
