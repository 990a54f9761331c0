import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { formatDate } from "@shared/domain/french-format";
import { PageLinks } from "~/components/ui/PageLinks";
import { AddToCartForm, addToCartStylesheet } from "~/components/cart/AddToCartForm";
import { LabelledCell } from "~/components/ui/LabelledCell";
import { Money } from "~/components/ui/Money";
import { loadHistoryPage, requireOrdersUser } from "~/services/orders/index.server";
import accountStyles from "~/styles/account.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }, addToCartStylesheet];

export const meta: MetaFunction = () => [{ title: "Historique d'achat · NautiDistrib" }];

/** /mon-compte/historique: one row per product bought over twelve months, searchable, to order again. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return loadHistoryPage(user, new URL(args.request.url));
}

export default function HistoryPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="compte">
      <h1>Historique d'achat</h1>
      <p>Les produits commandés depuis le {formatDate(page.since)}.</p>
      <Form method="get" className="list-controls" role="search" aria-label="Rechercher dans l'historique">
        <div className="list-controls__field">
          <label htmlFor="historique-q">Référence ou désignation</label>
          <input id="historique-q" name="q" type="search" maxLength={100} defaultValue={page.q} />
        </div>
        <button type="submit" className="button">
          Rechercher
        </button>
      </Form>
      {page.notice ? (
        <p className="notice" role="status">
          {page.notice}
        </p>
      ) : null}
      {page.rows.length === 0 ? (
        <p>Aucun produit ne correspond.</p>
      ) : (
        <table className="table">
          <caption>
            {page.total} produit{page.total > 1 ? "s" : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Produit</th>
              <th scope="col">Quantité commandée</th>
              <th scope="col">Commandes</th>
              <th scope="col">Dernière commande</th>
              {page.showPrices ? <th scope="col">Dernier prix HT</th> : null}
              {page.canAddToCart ? <th scope="col">Commander</th> : null}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.productId}>
                <th scope="row">
                  {row.productRef} · {row.productTitle}
                </th>
                <LabelledCell label="Quantité commandée">{row.totalQty}</LabelledCell>
                <LabelledCell label="Commandes">{row.orderCount}</LabelledCell>
                <LabelledCell label="Dernière commande">{formatDate(row.lastOrderedAt)}</LabelledCell>
                {page.showPrices ? (
                  <LabelledCell label="Dernier prix HT">
                    <Money cents={row.lastUnitPrice} />
                  </LabelledCell>
                ) : null}
                {page.canAddToCart ? (
                  <td className="table__action">
                    <AddToCartForm productId={row.productId} productRef={row.productRef} compact />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PageLinks path="/mon-compte/historique" query={page.query} page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
