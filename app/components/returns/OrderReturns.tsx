import { Link } from "@remix-run/react";
import { RETURNS_PATH, type OrderReturnsView } from "~/services/returns/types";
import { ReturnTable } from "./ReturnTable";

/** On a delivered order's page: « Retourner des articles » and the order's returns with their status. */
export function OrderReturns({ view, showPrices }: { view: OrderReturnsView; showPrices: boolean }) {
  return (
    <section aria-labelledby="commande-retours">
      <h2 id="commande-retours">Retours</h2>
      <p>
        <Link to={view.newHref} className="button">
          Retourner des articles
        </Link>
      </p>
      {view.unavailable ? (
        <p>Les retours de cette commande sont momentanément indisponibles.</p>
      ) : view.rows.length > 0 ? (
        <>
          <ReturnTable rows={view.rows} caption="Retours de cette commande" showPrices={showPrices} showOrder={false} />
          {view.total > view.rows.length ? (
            <p>
              <Link to={RETURNS_PATH}>Voir tous les retours</Link>
            </p>
          ) : null}
        </>
      ) : (
        <p>Aucun retour n&apos;a été demandé pour cette commande.</p>
      )}
    </section>
  );
}
