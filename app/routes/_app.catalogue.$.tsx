import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/catalogue/Breadcrumbs";
import { CategoryGrid } from "~/components/catalogue/CategoryGrid";
import { ProductList } from "~/components/catalogue/ProductList";
import { loadCategoryPage, requireCatalogueUser } from "~/services/catalogue/index.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Catalogue"} · NautiDistrib` }];

/** /catalogue/{obj_parent_slug}/…/{obj_slug}: a category, checked against the tree (up to 6 levels). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  return loadCategoryPage(user, args.params["*"] ?? "", new URL(args.request.url));
}

export default function CategoryPage() {
  const { title, crumbs, subcategories, list, stocks } = useLoaderData<typeof loader>();
  return (
    <div className="catalogue">
      <Breadcrumbs crumbs={crumbs} current={title} />
      <h1>{title}</h1>
      <CategoryGrid categories={subcategories} label={`Sous-catégories de ${title}`} />
      <ProductList list={list} stocks={stocks} heading="Produits" emptyMessage="Aucun produit ne correspond à ces critères." />
    </div>
  );
}
