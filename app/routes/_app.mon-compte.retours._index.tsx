import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatQuantity } from "@shared/domain/french-format";
import { EligibleOrders } from "~/components/returns/EligibleOrders";
import { ReturnFilters } from "~/components/returns/ReturnFilters";
import { ReturnTable } from "~/components/returns/ReturnTable";
import { ReturnTrail } from "~/components/returns/ReturnTrail";
import { PageLinks } from "~/components/ui/PageLinks";
import { loadReturnList, requireReturnsUser } from "~/services/returns/index.server";
import { RETURNS_PATH } from "~/services/returns/types";
import accountStyles from "~/styles/account.css";
import returnsStyles from "~/styles/returns.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: returnsStyles },
];

export const meta: MetaFunction = () => [{ title: "Retours · NautiDistrib" }];

/** /mon-compte/retours: the organization's returns filtered by the URL, and the orders a return may still be asked for (issue 39). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReturnsUser(args);
  return loadReturnList(user, new URL(args.request.url));
}

export default function ReturnsPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <ReturnTrail current={null} />
      <h1>Retours</h1>
      <section aria-labelledby="retours-demander">
        <h2 id="retours-demander">Demander un retour</h2>
        <EligibleOrders orders={view.eligible} windowDays={view.windowDays} />
      </section>
      <section aria-labelledby="retours-liste">
        <h2 id="retours-liste">Vos retours</h2>
        <ReturnFilters values={view.values} notices={view.notices} statuses={view.statuses} />
        <p>
          {formatQuantity(view.total)} retour{view.total > 1 ? "s" : ""}
        </p>
        {view.rows.length > 0 ? (
          <ReturnTable rows={view.rows} caption={`Retours, page ${view.page} sur ${view.pageCount}`} showPrices={view.showPrices} />
        ) : (
          <p>
            {view.total > 0
              ? "Aucun retour sur cette page."
              : view.values.statut
                ? "Aucun retour ne correspond à ce statut."
                : "Vous n'avez demandé aucun retour pour l'instant."}
          </p>
        )}
        <PageLinks path={RETURNS_PATH} query={view.query} page={view.page} pageCount={view.pageCount} />
      </section>
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
