import { Form } from "@remix-run/react";
import type { CartView } from "../../services/cart-view.server";

/** The cart's own reference and the comments for the order. */
export function CartDetailsForm({ view }: { view: CartView }) {
  return (
    <Form method="post" action="/mon-panier?index" className="form cart-details">
      <fieldset disabled={!view.canEdit}>
        <legend>Référence et commentaire</legend>
        <div className="field">
          <label htmlFor="cart-ref">Référence de votre commande</label>
          <input id="cart-ref" type="text" name="ref" maxLength={60} defaultValue={view.ref} />
        </div>
        <div className="field">
          <label htmlFor="cart-comments">Commentaire</label>
          <textarea id="cart-comments" name="comments" maxLength={2000} rows={3} defaultValue={view.comments} />
        </div>
        <button type="submit" name="intent" value="details" className="button">
          Enregistrer
        </button>
      </fieldset>
    </Form>
  );
}
