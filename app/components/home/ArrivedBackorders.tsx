import { Link } from "@remix-run/react";
import type { ArrivedBackordersView } from "~/services/home/types";
import { formatDate } from "@shared/domain/french-format";

/** Back-orders whose stock has arrived: they leave with the next shipment. */
export function ArrivedBackorders({ backorders }: { backorders: ArrivedBackordersView }) {
  if (backorders.items.length === 0) return <p className="muted">Aucun reliquat arrivé en stock pour le moment.</p>;
  return (
    <>
      <p>
        {backorders.total === 1 ? "Un produit en reliquat est arrivé" : `${backorders.total} produits en reliquat sont arrivés`} en stock :
        ils partent avec la prochaine expédition.
      </p>
      <ul className="home-list">
        {backorders.items.map((line) => (
          <li key={`${line.orderId}-${line.productRef}`}>
            <strong>{line.productRef}</strong> {line.productTitle} : {line.backorder} en reliquat, commande{" "}
            <Link to={`/mon-compte/commandes/${line.orderId}`}>{line.orderNumber}</Link>
            {line.availableAt ? (
              <span className="muted">
                {" "}
                (arrivé le <time dateTime={line.availableAt}>{formatDate(line.availableAt)}</time>)
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/mon-compte/reliquats">Tous les reliquats</Link>
      </p>
    </>
  );
}
