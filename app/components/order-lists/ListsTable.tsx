import { Form, Link } from "@remix-run/react";
import { formatDateTime } from "@shared/domain/french-format";
import { listPath, LISTS_PATH, type ListRowView } from "~/services/order-lists/types";

/** « Partagée avec l'organisation » or « Privée »: who sees the list. */
export function SharingLabel({ shared }: { shared: boolean }) {
  return <>{shared ? "Partagée avec l'organisation" : "Privée"}</>;
}

/** The lists the user sees on /mon-compte/listes, each a link to its page. */
export function ListsTable({ lists }: { lists: readonly ListRowView[] }) {
  return (
    <table className="table order-lists">
      <caption>Vos listes de commande et celles partagées par vos collègues</caption>
      <thead>
        <tr>
          <th scope="col">Liste</th>
          <th scope="col">Visibilité</th>
          <th scope="col">Auteur</th>
          <th scope="col">Lignes</th>
          <th scope="col">Dernière modification</th>
        </tr>
      </thead>
      <tbody>
        {lists.map((list) => (
          <tr key={list.id}>
            <th scope="row">
              <Link to={listPath(list.id)}>{list.name}</Link>
            </th>
            <td>
              <SharingLabel shared={list.shared} />
              {list.shared && !list.canEdit ? " (lecture seule)" : ""}
            </td>
            <td>{list.ownerName}</td>
            <td>{list.linesCount}</td>
            <td>{formatDateTime(list.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface NameFormState {
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

/** « Créer une liste »: a name and whether the organization sees it; the list opens empty. */
export function NewListForm({ answer }: { answer: NameFormState | null }) {
  const error = answer?.errors?.nom;
  return (
    <Form method="post" action={`${LISTS_PATH}?index`} className="form order-list-new">
      <input type="hidden" name="intent" value="create" />
      <div className="field">
        <label htmlFor="new-list-name">Nom de la liste</label>
        <input
          id="new-list-name"
          type="text"
          name="nom"
          required
          maxLength={80}
          defaultValue={answer?.values?.nom ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-list-name-error" : undefined}
        />
        {error ? (
          <p id="new-list-name-error" className="form__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="field field--choice">
        <label>
          <input type="checkbox" name="partagee" value="1" defaultChecked={answer?.values?.partagee === "1"} /> Partagée avec l'organisation
          (vos collègues qui ont accès au panier la voient et peuvent l'ajouter au panier)
        </label>
      </div>
      <button type="submit" className="button button--primary">
        Créer la liste
      </button>
    </Form>
  );
}
