import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLinks } from "~/components/ui/PageLinks";
import { PriceListFilters } from "~/components/price-list/PriceListFilters";
import { PriceListTable } from "~/components/price-list/PriceListTable";
import { formatDate, formatQuantity } from "@shared/domain/french-format";
import { loadPriceListPage, requirePricesUser } from "~/services/price-list/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: MetaFunction = () => [{ title: "Mes tarifs · NautiDistrib" }];

/** /mon-compte/tarifs: the organization's net prices for the catalogue, filtered by the URL (flag `prices`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requirePricesUser(args);
  return loadPriceListPage(user, new URL(args.request.url));
}

export default function PriceListPage() {
  const list = useLoaderData<typeof loader>();
  const suffix = list.query ? `?${list.query}` : "";
  return (
    <div className="compte price-list">
      <h1>Mes tarifs</h1>
      <p>
        Vos prix nets hors taxes au {formatDate(list.pricedOn)}, et les promotions qui vous concernent. L&apos;éco-participation
        s&apos;ajoute au prix.
      </p>
      <PriceListFilters values={list.values} notices={list.notices} brands={list.brands} categories={list.categories} />
      <p className="price-list__exports">
        {formatQuantity(list.total)} produit{list.total > 1 ? "s" : ""}
        {list.total > 0 ? (
          <>
            {" · "}
            <a href={`/mon-compte/tarifs/export.csv${suffix}`} download>
              Exporter (CSV)
            </a>
            {" · "}
            <a href={`/mon-compte/tarifs/export.xlsx${suffix}`} download>
              Exporter (Excel)
            </a>
          </>
        ) : null}
      </p>
      <p className="price-list__exports">
        Exporter tout le catalogue :{" "}
        <a href="/mon-compte/tarifs/export.csv" download>
          CSV
        </a>
        {" · "}
        <a href="/mon-compte/tarifs/export.xlsx" download>
          Excel
        </a>
      </p>
      {list.rows.length > 0 ? (
        <PriceListTable rows={list.rows} caption={`Tarifs, page ${list.page} sur ${list.pageCount}`} />
      ) : (
        <p>{list.total > 0 ? "Aucun produit sur cette page." : "Aucun produit ne correspond à ces critères."}</p>
      )}
      <PageLinks path="/mon-compte/tarifs" query={list.query} page={list.page} pageCount={list.pageCount} />
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
