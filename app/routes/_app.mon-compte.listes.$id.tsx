import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "@shared/domain/french-format";
import { ListImportForm, ListImportReport } from "~/components/order-lists/ListImport";
import { ListLinesForm } from "~/components/order-lists/ListLinesForm";
import { ListSettings } from "~/components/order-lists/ListSettings";
import { SharingLabel } from "~/components/order-lists/ListsTable";
import { listPageAction, loadListPage, requireListsUser } from "~/services/order-lists/index.server";
import { LIST_FIELDS, LISTS_PATH, listPath, type ListPageAnswer } from "~/services/order-lists/types";
import accountStyles from "~/styles/account.css";
import orderListsStyles from "~/styles/order-lists.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: orderListsStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Liste « ${data.name} »` : "Liste de commande"} · NautiDistrib` },
];

/** /mon-compte/listes/{id}: one list; another organization's, or a colleague's private one, is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireListsUser(args);
  return loadListPage(user, args.params.id);
}

/** Save, remove a line, add to the cart, rename, share, delete, import: one intent per button. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireListsUser(args);
  return listPageAction(args, user, args.params.id);
}

export default function OrderListPage() {
  const view = useLoaderData<typeof loader>();
  const answer = (useActionData<typeof action>() ?? null) as ListPageAnswer | null;
  // A refused form comes back with its fields' messages: the name's belongs to the settings,
  // the others to the lines; an answer without them is the import's (a report or why none).
  const refusedForm = answer?.errors ? answer : null;
  const nameState = refusedForm?.errors?.[LIST_FIELDS.name] !== undefined ? refusedForm : null;
  const linesState = refusedForm && !nameState ? refusedForm : null;
  const importAnswer = answer && !refusedForm ? answer : null;
  return (
    <div className="compte">
      <p>
        <Link to={LISTS_PATH}>Listes de commande</Link>
      </p>
      <h1>Liste « {view.name} »</h1>
      <dl className="order-facts">
        <div>
          <dt>Visibilité</dt>
          <dd>
            <SharingLabel shared={view.shared} />
          </dd>
        </div>
        <div>
          <dt>Auteur</dt>
          <dd>{view.ownerName}</dd>
        </div>
        <div>
          <dt>Dernière modification</dt>
          <dd>{formatDateTime(view.updatedAt)}</dd>
        </div>
      </dl>
      {!view.canEdit ? (
        <p role="note" className="order-list-readonly">
          Cette liste est partagée par {view.ownerName} : vous pouvez l'ajouter au panier, mais seuls son auteur et les administrateurs de
          l'organisation peuvent la modifier.
        </p>
      ) : null}
      {linesState ? (
        <p className="form__error form__error--global" role="alert">
          {linesState.message}
        </p>
      ) : null}
      <section aria-labelledby="liste-produits">
        <h2 id="liste-produits">Produits</h2>
        <ListLinesForm view={view} state={linesState} />
      </section>
      <section aria-labelledby="liste-export">
        <h2 id="liste-export">Exporter</h2>
        <p>
          <a href={`${listPath(view.id)}/export.csv`} download>
            Télécharger la liste en CSV
          </a>{" "}
          ·{" "}
          <a href={`${listPath(view.id)}/export.xlsx`} download>
            Télécharger la liste en Excel (XLSX)
          </a>
        </p>
      </section>
      {view.canEdit ? (
        <>
          <section aria-labelledby="liste-import">
            <h2 id="liste-import">Importer un fichier</h2>
            {importAnswer?.importReport ? (
              <ListImportReport report={importAnswer.importReport} message={importAnswer.message} />
            ) : importAnswer && !importAnswer.ok ? (
              <p className="form__error form__error--global" role="alert">
                {importAnswer.message}
              </p>
            ) : null}
            <ListImportForm listId={view.id} />
          </section>
          <section aria-labelledby="liste-reglages">
            <h2 id="liste-reglages">Nom, partage et suppression</h2>
            <ListSettings view={view} state={nameState} />
          </section>
        </>
      ) : null}
    </div>
  );
}
