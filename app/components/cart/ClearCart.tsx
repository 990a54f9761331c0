import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * "Vider le panier" asks first. The question is a page state (?vider=1), so it works without
 * JavaScript; the real POST is the button of the confirmation. With JavaScript the focus follows
 * the question (issue 24: it used to stay on the vanished link, the next Tab landing in the
 * footer): it goes to « Annuler », the harmless answer, as an alert dialog wants; Escape cancels;
 * after « Annuler » it comes back to « Vider le panier ».
 */
export function ClearCart({ confirming }: { confirming: boolean }) {
  const cancel = useRef<HTMLAnchorElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const wasConfirming = useRef(confirming);
  const navigate = useNavigate();

  useEffect(() => {
    if (confirming && !wasConfirming.current) cancel.current?.focus();
    if (!confirming && wasConfirming.current) opener.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <Link ref={opener} to="?vider=1" className="button button--ghost" preventScrollReset>
        Vider le panier
      </Link>
    );
  }
  // The role is on a wrapper: a <form> may not take the alertdialog role (axe aria-allowed-role).
  return (
    <div
      className="cart-clear"
      role="alertdialog"
      aria-labelledby="clear-question"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        navigate("/mon-panier", { preventScrollReset: true });
      }}
    >
      <p id="clear-question">Voulez-vous vraiment retirer tous les produits du panier ? Vos collègues le verront aussi.</p>
      <Form method="post" action="/mon-panier?index" className="cart-clear__actions">
        <button type="submit" name="intent" value="clear" className="button button--danger">
          Oui, vider le panier
        </button>
        <Link ref={cancel} to="/mon-panier" className="button" preventScrollReset>
          Annuler
        </Link>
      </Form>
    </div>
  );
}
