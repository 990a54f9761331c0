import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageLinks } from "~/components/ui/PageLinks";
import { SalesFrame } from "~/components/sales-quotes/SalesFrame";
import { SalesQuoteFilters } from "~/components/sales-quotes/SalesQuoteFilters";
import { SalesQuoteTable } from "~/components/sales-quotes/SalesQuoteTable";
import { loadSalesQuoteList, requireSalesUser } from "~/services/sales-quotes/index.server";
import catalogueStyles from "~/styles/catalogue.css";
import accountStyles from "~/styles/account.css";
import { formatQuantity } from "@shared/domain/french-format";

// catalogue.css styles the page links as on the catalogue's lists (the filter bar is app.css's, decision 0189).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: accountStyles },
];

export const meta: MetaFunction = () => [{ title: "Demandes de devis de mes clients · NautiDistrib" }];

/** /clients/devis: the quote requests of the contributor's clients (a blank layout, as /clients). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireSalesUser(args);
  return loadSalesQuoteList(user, new URL(args.request.url));
}

export default function SalesQuotesPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <SalesFrame contributorName={list.contributorName}>
      <h1>Demandes de devis de mes clients</h1>
      <SalesQuoteFilters values={list.values} notices={list.notices} states={list.states} clients={list.clients} />
      <p>{formatQuantity(list.total)} devis</p>
      {list.rows.length > 0 ? (
        <SalesQuoteTable rows={list.rows} caption={`Demandes de devis, page ${list.page} sur ${list.pageCount}`} />
      ) : (
        <p>{list.total > 0 ? "Aucun devis sur cette page." : "Aucune demande de devis ne correspond à ces critères."}</p>
      )}
      <PageLinks path="/clients/devis" query={list.query} page={list.page} pageCount={list.pageCount} />
    </SalesFrame>
  );
}
