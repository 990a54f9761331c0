import { Link } from "@remix-run/react";
import { formatDate, formatNumericDate, formatQuantity } from "@shared/domain/french-format";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { newReturnPath, orderPath, type EligibleOrderView } from "~/services/returns/types";

/**
 * « Demander un retour »: the delivered orders whose window is still open, each with its last
 * day and a link to the form; when there is none, why.
 */
export function EligibleOrders({ orders, windowDays }: { orders: EligibleOrderView[]; windowDays: number }) {
  const rule = `Un retour se demande dans les ${formatQuantity(windowDays)} jours qui suivent la livraison, pour les articles livrés.`;
  if (orders.length === 0) {
    return <p>{rule} Aucune de vos commandes livrées n&apos;est dans ce délai avec des articles à retourner pour l&apos;instant.</p>;
  }
  return (
    <>
      <p>{rule} Choisissez la commande :</p>
      <table className="table order-table eligible-orders">
        <caption className="visually-hidden">Commandes livrées dont des articles peuvent être retournés</caption>
        <thead>
          <tr>
            <th scope="col">Commande</th>
            <th scope="col">Votre référence</th>
            <th scope="col">Livrée le</th>
            <th scope="col">Retour possible</th>
            <th scope="col">Unités retournables</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderId}>
              <th scope="row">
                <Link to={orderPath(order.orderId)}>{order.orderRef}</Link>
              </th>
              <LabelledCell label="Votre référence">{order.cartRef || "—"}</LabelledCell>
              <LabelledCell label="Livrée le">{formatDate(order.deliveredOn)}</LabelledCell>
              <LabelledCell label="Retour possible">jusqu&apos;au {formatNumericDate(order.deadline)}</LabelledCell>
              <LabelledCell label="Unités retournables" className="cart-number">
                {formatQuantity(order.returnableUnits)}
              </LabelledCell>
              <LabelledCell label="Action">
                <Link to={newReturnPath(order.orderId)}>
                  Demander un retour<span className="visually-hidden"> pour la commande {order.orderRef}</span>
                </Link>
              </LabelledCell>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
