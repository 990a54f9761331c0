import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ListsTable, NewListForm, type NameFormState } from "~/components/order-lists/ListsTable";
import { createListAction, loadListsPage, requireListsUser } from "~/services/order-lists/index.server";
import accountStyles from "~/styles/account.css";
import orderListsStyles from "~/styles/order-lists.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: orderListsStyles },
];

export const meta: MetaFunction = () => [{ title: "Listes de commande · NautiDistrib" }];

/** /mon-compte/listes: the order lists the user sees (their own, the organization's shared ones). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireListsUser(args);
  return loadListsPage(user);
}

/** « Créer la liste »: an empty list, opened on its page; a refused name draws the form again. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireListsUser(args);
  return createListAction(args, user);
}

export default function OrderListsPage() {
  const { lists } = useLoaderData<typeof loader>();
  const answer = (useActionData<typeof action>() ?? null) as NameFormState | null;
  return (
    <div className="compte">
      <h1>Listes de commande</h1>
      <p>
        Une liste garde des produits et leurs quantités pour les commander à nouveau en une fois : les consommables du mois, le réassort
        d'un bateau… Elle est privée, ou partagée avec votre organisation.
      </p>
      <section aria-labelledby="listes-vos-listes">
        <h2 id="listes-vos-listes">Vos listes</h2>
        {lists.length > 0 ? (
          <ListsTable lists={lists} />
        ) : (
          <p>
            Vous n'avez encore aucune liste. Créez-en une ci-dessous, ou depuis votre panier (« Enregistrer le panier comme liste »), une
            commande passée ou la fiche d'un produit.
          </p>
        )}
      </section>
      <section aria-labelledby="listes-nouvelle">
        <h2 id="listes-nouvelle">Créer une liste</h2>
        <NewListForm answer={answer} />
      </section>
      <p>
        <Link to="/mon-compte">Retour à mon compte</Link>
      </p>
    </div>
  );
}
