import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLinks } from "~/components/ui/PageLinks";
import { QuoteFilters } from "~/components/quotes/QuoteFilters";
import { QuoteTable } from "~/components/quotes/QuoteTable";
import { loadQuoteList, requireQuotesUser } from "~/services/quotes/index.server";
import accountStyles from "~/styles/account.css";
import { formatQuantity } from "@shared/domain/french-format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mes devis · NautiDistrib" }];

/** /mon-compte/mes-devis: the organization's quotes filtered by the URL (people accounts: flag `quotes`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireQuotesUser(args);
  return loadQuoteList(user, new URL(args.request.url));
}

export default function QuotesPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <h1>Mes devis</h1>
      <p>
        <Link to="/mon-compte/mes-devis/nouveau" className="button button--primary">
          Nouvelle demande
        </Link>
      </p>
      <QuoteFilters values={list.values} notices={list.notices} states={list.states} />
      <p>{formatQuantity(list.total)} devis</p>
      {list.rows.length > 0 ? (
        <QuoteTable rows={list.rows} caption={`Devis, page ${list.page} sur ${list.pageCount}`} showPrices={list.showPrices} />
      ) : (
        <p>{list.total > 0 ? "Aucun devis sur cette page." : "Aucun devis ne correspond à ces critères."}</p>
      )}
      <PageLinks path="/mon-compte/mes-devis" query={list.query} page={list.page} pageCount={list.pageCount} />
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
