import { Form } from "@remix-run/react";
import { MAKE_LIST_INTENTS, MAKE_LIST_PATH, NEW_LIST_CHOICE, type EditableListOption } from "~/services/order-lists/types";

/**
 * The small forms other pages draw to make an order list (docs/order-lists.md « Making a
 * list »): each posts to the one resource route /mon-compte/listes/ajouter with an intent, so
 * the pages only render them. Plain forms: they work without JavaScript.
 */

function NameAndSharing({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-nom`}>Nom de la liste</label>
        <input id={`${idPrefix}-nom`} type="text" name="nom" required maxLength={80} />
      </div>
      <div className="field field--choice">
        <label>
          <input type="checkbox" name="partagee" value="1" /> Partagée avec l'organisation
        </label>
      </div>
    </>
  );
}

/** On the cart page: « Enregistrer le panier comme liste » (its product lines, shipping aside). */
export function SaveCartAsListForm() {
  return (
    <details className="make-list">
      <summary>Enregistrer le panier comme liste</summary>
      <Form method="post" action={MAKE_LIST_PATH} className="form">
        <input type="hidden" name="intent" value={MAKE_LIST_INTENTS.fromCart} />
        <input type="hidden" name="retour" value="/mon-panier" />
        <NameAndSharing idPrefix="liste-panier" />
        <button type="submit" className="button">
          Enregistrer comme liste
        </button>
      </Form>
    </details>
  );
}

/** On an order's page: « Créer une liste depuis cette commande » (its product lines, at the quantities ordered). */
export function OrderToListForm({ orderId }: { orderId: number }) {
  return (
    <details className="make-list">
      <summary>Créer une liste depuis cette commande</summary>
      <Form method="post" action={MAKE_LIST_PATH} className="form">
        <input type="hidden" name="intent" value={MAKE_LIST_INTENTS.fromOrder} />
        <input type="hidden" name="commande" value={orderId} />
        <input type="hidden" name="retour" value={`/mon-compte/commandes/${orderId}`} />
        <NameAndSharing idPrefix="liste-commande" />
        <button type="submit" className="button">
          Créer la liste
        </button>
      </Form>
    </details>
  );
}

/**
 * On a product page: « Ajouter à une liste », one of the lists the user may change or a new
 * one (named in the field beside, used only for « Nouvelle liste »).
 */
export function AddToListForm({ productId, lists }: { productId: number; lists: readonly EditableListOption[] }) {
  return (
    <details className="make-list">
      <summary>Ajouter à une liste</summary>
      <Form method="post" action={MAKE_LIST_PATH} className="form">
        <input type="hidden" name="intent" value={MAKE_LIST_INTENTS.addProduct} />
        <input type="hidden" name="produit" value={productId} />
        <input type="hidden" name="retour" value={`/catalogue/produit/${productId}`} />
        <div className="field">
          <label htmlFor="liste-produit-choix">Liste</label>
          <select id="liste-produit-choix" name="liste" defaultValue={lists[0] ? String(lists[0].id) : NEW_LIST_CHOICE}>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
                {list.shared ? " (partagée)" : ""}
              </option>
            ))}
            <option value={NEW_LIST_CHOICE}>Nouvelle liste…</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="liste-produit-qte">Quantité</label>
          <input
            id="liste-produit-qte"
            type="number"
            name="qte"
            min={1}
            max={9999}
            step={1}
            defaultValue={1}
            required
            inputMode="numeric"
          />
        </div>
        <div className="field">
          <label htmlFor="liste-produit-nom">Nom de la nouvelle liste</label>
          <input id="liste-produit-nom" type="text" name="nom" maxLength={80} aria-describedby="liste-produit-nom-aide" />
          <p id="liste-produit-nom-aide" className="field__hint">
            Seulement pour « Nouvelle liste… ».
          </p>
        </div>
        <div className="field field--choice">
          <label>
            <input type="checkbox" name="partagee" value="1" /> Nouvelle liste partagée avec l'organisation
          </label>
        </div>
        <button type="submit" className="button">
          Ajouter à la liste
        </button>
      </Form>
    </details>
  );
}
