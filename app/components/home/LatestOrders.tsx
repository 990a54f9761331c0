import { Link } from "@remix-run/react";
import { plural } from "@shared/domain/plural";
import { reorderPath } from "~/components/orders/Reorder";
import { LabelledCell } from "~/components/ui/LabelledCell";
import type { LatestOrdersView } from "~/services/home/types";
import { formatDate } from "@shared/domain/french-format";

/** The organization's latest orders; « Commander à nouveau » opens the proposal (nothing changes before it is confirmed). */
export function LatestOrders({ orders }: { orders: LatestOrdersView }) {
  if (orders.items.length === 0) return <p className="muted">Aucune commande pour l'instant.</p>;
  return (
    <>
      <table className="table">
        <caption className="visually-hidden">
          {`${plural(orders.items.length, "La commande la plus récente", `Les ${orders.items.length} commandes les plus récentes`)} sur ${orders.total}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Numéro</th>
            <th scope="col">Date</th>
            <th scope="col">Votre référence</th>
            <th scope="col">Statut</th>
            {orders.canReorder ? (
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {orders.items.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={`/mon-compte/commandes/${order.id}`}>{order.number}</Link>
              </th>
              <LabelledCell label="Date">{formatDate(order.createdAt)}</LabelledCell>
              <LabelledCell label="Votre référence">{order.customerRef || "—"}</LabelledCell>
              <LabelledCell label="Statut">
                <span className="order-status" data-status={order.status}>
                  {order.status}
                </span>
              </LabelledCell>
              {orders.canReorder ? (
                <td className="latest-orders__reorder">
                  <Link to={`${reorderPath(order.id)}?tout=1`} aria-label={`Commander à nouveau la commande ${order.number}`}>
                    Commander à nouveau
                  </Link>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <Link to="/mon-compte/commandes">Toutes les commandes</Link>
      </p>
    </>
  );
}
