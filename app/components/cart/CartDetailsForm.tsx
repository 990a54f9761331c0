import { Form } from "@remix-run/react";
import { useCallback } from "react";
import type { CartView } from "~/services/cart/types";
import { promotionNameInReference } from "@shared/domain/cart";
import { PrefilledReference } from "./PrefilledReference";
import { useSavedField } from "./useSavedField";

/** The server trims both texts: "  Quai 3 " saved as "Quai 3" is the user's own text. */
const sameOnceTrimmed = (shown: string, saved: string) => shown.trim() === saved;

/**
 * The cart's own reference and the comments for the order. Each text is sent with the value
 * shown as saved (`was:`), so an unchanged one never undoes a colleague's edit, and follows
 * the saved cart when the page revalidates unless the user is changing it. A text typed before
 * the page hydrated is adopted as the user's (useSavedField) and, like any text typed with
 * JavaScript on, sent by "Enregistrer".
 */
export function CartDetailsForm({ view }: { view: CartView }) {
  const ref = useSavedField(view.ref, sameOnceTrimmed);
  const comments = useSavedField(view.comments, sameOnceTrimmed);
  const { adopt: adoptRef } = ref;
  // Said while the field still holds the promotion's name the cart took (§4), not once changed.
  const prefilled =
    ref.shown === ref.saved
      ? promotionNameInReference(
          ref.saved,
          view.lines.map((line) => line.promoName),
        )
      : null;
  const { adopt: adoptComments } = comments;
  const refField = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) adoptRef(input.value);
    },
    [adoptRef],
  );
  const commentsField = useCallback(
    (textarea: HTMLTextAreaElement | null) => {
      if (textarea) adoptComments(textarea.value);
    },
    [adoptComments],
  );
  return (
    <Form method="post" action="/mon-panier?index" className="form cart-details">
      <fieldset disabled={!view.canEdit}>
        <legend>Référence et consignes</legend>
        <input type="hidden" name="was:ref" value={ref.saved} />
        <input type="hidden" name="was:comments" value={comments.saved} />
        <div className="field">
          <label htmlFor="cart-ref">Référence de votre commande</label>
          <input
            id="cart-ref"
            type="text"
            name="ref"
            maxLength={60}
            ref={refField}
            value={ref.shown}
            onChange={(event) => ref.show(event.target.value)}
            aria-describedby={prefilled ? "cart-ref-prefilled" : undefined}
          />
          {prefilled ? <PrefilledReference id="cart-ref-prefilled" promotion={prefilled} /> : null}
        </div>
        <div className="field">
          <label htmlFor="cart-comments">Consignes pour l'entrepôt</label>
          <textarea
            id="cart-comments"
            name="comments"
            maxLength={2000}
            rows={3}
            ref={commentsField}
            value={comments.shown}
            onChange={(event) => comments.show(event.target.value)}
          />
        </div>
        <button type="submit" name="intent" value="details" className="button">
          Enregistrer
        </button>
      </fieldset>
    </Form>
  );
}
