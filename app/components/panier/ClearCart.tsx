import { Form, Link } from "@remix-run/react";

/**
 * "Vider le panier" asks first. The question is a page state (?vider=1), so it works without
 * JavaScript; the real POST is the button of the confirmation.
 */
export function ClearCart({ confirming }: { confirming: boolean }) {
  if (!confirming) {
    return (
      <Link to="?vider=1" className="button button--ghost" preventScrollReset>
        Vider le panier
      </Link>
    );
  }
  // The role is on a wrapper: a <form> may not take the alertdialog role (axe aria-allowed-role).
  return (
    <div className="cart-clear" role="alertdialog" aria-labelledby="clear-question">
      <p id="clear-question">Voulez-vous vraiment retirer tous les produits du panier ? Vos collègues le verront aussi.</p>
      <Form method="post" action="/mon-panier?index" className="cart-clear__actions">
        <button type="submit" name="intent" value="clear" className="button button--danger">
          Oui, vider le panier
        </button>
        <Link to="/mon-panier" className="button">
          Annuler
        </Link>
      </Form>
    </div>
  );
}
