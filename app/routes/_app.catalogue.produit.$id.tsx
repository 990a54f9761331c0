import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/catalogue/Breadcrumbs";
import { ProductDetails } from "~/components/catalogue/ProductDetails";
import { AddToListForm } from "~/components/order-lists/MakeListForms";
import { loadProductPage, requireCatalogueUser } from "~/services/catalogue/index.server";
import { editableListsFor } from "~/services/order-lists/index.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.title} (${data.product.ref}) · NautiDistrib` : "Produit · NautiDistrib" },
];

/** /catalogue/produit/{prd_id}: the product with the user's price; stock streams in after. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCatalogueUser(args);
  // The lists « Ajouter à une liste » offers (null: no `cart` right, no form).
  const [page, lists] = await Promise.all([loadProductPage(user, args.params.id), editableListsFor(user)]);
  return { ...page, lists };
}

export default function ProductPage() {
  const { lists, ...page } = useLoaderData<typeof loader>();
  return (
    <div className="catalogue">
      <Breadcrumbs crumbs={page.crumbs} current={page.product.title} />
      <ProductDetails {...page} />
      {lists && !page.product.discontinued ? <AddToListForm productId={page.product.id} lists={lists} /> : null}
    </div>
  );
}
