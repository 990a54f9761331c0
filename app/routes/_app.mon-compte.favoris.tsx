import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductList } from "~/components/catalogue/ProductList";
import { loadProductList, requireCatalogueUser, toggleFavorite } from "~/services/catalogue/index.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction = () => [{ title: "Mes favoris · NautiDistrib" }];

/** /mon-compte/favoris: the user's favourites, with the list features of the catalogue. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  return loadProductList(user, { kind: "favorites" }, new URL(args.request.url));
}

/** Every favourite toggle of the portal posts here (intent add or remove), then goes back (303). */
export async function action(args: ActionFunctionArgs) {
  const user = await requireCatalogueUser(args);
  return toggleFavorite(user, args.context, args.request);
}

export default function FavoritesPage() {
  const { list, stocks } = useLoaderData<typeof loader>();
  return (
    <div className="catalogue">
      <h1>Mes favoris</h1>
      <ProductList
        list={list}
        stocks={stocks}
        heading="Produits favoris"
        emptyMessage="Vous n'avez pas encore de favori : ajoutez-en depuis le catalogue avec l'étoile d'un produit."
      />
      <p>
        <Link to="/catalogue">Parcourir le catalogue</Link>
      </p>
    </div>
  );
}
