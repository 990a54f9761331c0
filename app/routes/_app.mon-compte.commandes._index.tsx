import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderFilters } from "~/components/orders/OrderFilters";
import { OrderTable } from "~/components/orders/OrderTable";
import { PageLinks } from "~/components/ui/PageLinks";
import { loadOrderList, requireOrdersUser } from "~/services/orders/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mes commandes · NautiDistrib" }];

/** /mon-compte/commandes: every order of the organization, newest first, filtered by the URL. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return loadOrderList(user, new URL(args.request.url));
}

export default function OrdersPage() {
  const list = useLoaderData<typeof loader>();
  const exportHref = `/mon-compte/commandes/export.csv${list.query ? `?${list.query}` : ""}`;
  return (
    <div className="compte">
      <h1>Mes commandes</h1>
      <OrderFilters values={list.values} notices={list.notices} statuses={list.statuses} authors={list.authors} />
      <p>
        {list.total} commande{list.total > 1 ? "s" : ""} ·{" "}
        <a href={exportHref} download>
          Exporter la liste (CSV)
        </a>
      </p>
      {list.rows.length > 0 ? (
        <OrderTable rows={list.rows} showPrices={list.showPrices} caption={`Commandes, page ${list.page} sur ${list.pageCount}`} />
      ) : (
        <p>{list.total > 0 ? "Aucune commande sur cette page." : "Aucune commande ne correspond à ces critères."}</p>
      )}
      <PageLinks path="/mon-compte/commandes" query={list.query} page={list.page} pageCount={list.pageCount} />
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
