import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CatalogueFamilies } from "~/components/catalogue/CatalogueFamilies";
import { ProductList } from "~/components/catalogue/ProductList";
import { SearchBox } from "~/components/catalogue/SearchBox";
import { loadCatalogueHome, requireCatalogueUser } from "~/services/catalogue/index.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data?.mode === "search" && data.query ? `Recherche « ${data.query} »` : "Catalogue";
  return [{ title: `${title} · NautiDistrib` }];
};

/** /catalogue: the families of the tree and the entry points; with ?q= (the header's search) the results. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  const home = await loadCatalogueHome(user, new URL(args.request.url));
  // The promotions are prices: an account that may not see them is not offered them either.
  return { ...home, canViewPromotions: user.permissions.canViewPrices };
}

export default function CataloguePage() {
  const page = useLoaderData<typeof loader>();
  if (page.mode === "search") {
    const heading = page.query ? `Résultats pour « ${page.query} »` : "Produits";
    return (
      <div className="catalogue">
        <h1>{page.query ? "Recherche" : page.list.params.promo ? "Promotions" : "Tous les produits"}</h1>
        <SearchBox key={page.query} defaultQuery={page.query} />
        <ProductList
          list={page.list}
          stocks={page.stocks}
          heading={heading}
          emptyMessage="Aucun produit ne correspond à votre recherche."
        />
      </div>
    );
  }
  return (
    <div className="catalogue">
      <h1>Catalogue</h1>
      <SearchBox defaultQuery="" />
      <nav aria-label="Accès directs" className="entry-points">
        <Link to="/catalogue/marques" className="button">
          Toutes les marques
        </Link>
        {page.canViewPromotions ? (
          <Link to="/catalogue?promo=1" className="button">
            Promotions
          </Link>
        ) : null}
        <Link to="/mon-compte/favoris" className="button">
          Mes favoris
        </Link>
      </nav>
      <CatalogueFamilies families={page.families} />
    </div>
  );
}
