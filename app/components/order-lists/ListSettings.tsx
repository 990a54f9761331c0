import { Form } from "@remix-run/react";
import { LIST_INTENTS, listPath, type ListPageView } from "~/services/order-lists/types";
import type { NameFormState } from "./ListsTable";

/**
 * Rename, share or unshare, delete: for who may change the list. The deletion asks first in a
 * <details> block (no JavaScript needed): the real POST is the button inside it.
 */
export function ListSettings({ view, state }: { view: ListPageView; state: NameFormState | null }) {
  const error = state?.errors?.nom;
  const action = listPath(view.id);
  return (
    <div className="order-list-settings">
      <Form method="post" action={action} className="form">
        <div className="field">
          <label htmlFor="list-name">Nom de la liste</label>
          <input
            id="list-name"
            type="text"
            name="nom"
            required
            maxLength={80}
            defaultValue={state?.values?.nom ?? view.name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "list-name-error" : undefined}
          />
          {error ? (
            <p id="list-name-error" className="form__error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value={LIST_INTENTS.rename} className="button">
          Renommer
        </button>
      </Form>
      <Form method="post" action={action} className="form">
        <input type="hidden" name="partagee" value={view.shared ? "0" : "1"} />
        <p className="field__hint">
          {view.shared
            ? "Vos collègues qui ont accès au panier voient cette liste et peuvent l'ajouter au panier."
            : "Vous seul voyez cette liste."}
        </p>
        <button type="submit" name="intent" value={LIST_INTENTS.share} className="button">
          {view.shared ? "Rendre la liste privée" : "Partager avec l'organisation"}
        </button>
      </Form>
      <details className="order-list-delete">
        <summary>Supprimer la liste…</summary>
        <Form method="post" action={action} className="form">
          <p>
            Voulez-vous vraiment supprimer la liste « {view.name} » ?{view.shared ? " Vos collègues ne la verront plus." : ""}
            {view.schedulesCount > 0
              ? ` ${view.schedulesCount > 1 ? `${view.schedulesCount} commandes programmées l'utilisent` : "Une commande programmée l'utilise"}.`
              : ""}
          </p>
          <button type="submit" name="intent" value={LIST_INTENTS.delete} className="button button--danger">
            Oui, supprimer la liste
          </button>
        </Form>
      </details>
    </div>
  );
}
