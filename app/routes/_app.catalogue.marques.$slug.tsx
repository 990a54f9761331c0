import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/catalogue/Breadcrumbs";
import { ProductList } from "~/components/catalogue/ProductList";
import { loadBrandPage, requireCatalogueUser } from "~/services/catalogue/index.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.brand.obj_title ?? "Marque"} · NautiDistrib` }];

/** /catalogue/marques/{obj_slug}: one brand's products, with the list features. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  return loadBrandPage(user, args.params.slug, new URL(args.request.url));
}

export default function BrandPage() {
  const { brand, list, stocks } = useLoaderData<typeof loader>();
  return (
    <div className="catalogue">
      <Breadcrumbs crumbs={[{ title: "Marques", href: "/catalogue/marques" }]} current={brand.obj_title} />
      <h1>{brand.obj_title}</h1>
      <ProductList
        list={list}
        stocks={stocks}
        heading={`Produits ${brand.obj_title}`}
        emptyMessage="Aucun produit de cette marque ne correspond à ces critères."
      />
    </div>
  );
}
