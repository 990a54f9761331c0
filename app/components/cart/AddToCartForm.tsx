import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { MAX_LINE_QTY } from "@shared/domain/cart";
import cartStyles from "~/styles/cart.css";
import { withToast } from "~/components/ui/toasts";
import { AddToCartModal } from "./AddToCartModal";
import { ADD_TO_CART_ACTION, type AddToCartAnswer, type AddedToCart } from "~/services/cart/types";
import { FETCH_MODE_FIELD, FETCH_MODE_VALUE } from "~/services/forms/types";

/** Add it to the `links` of a route that shows AddToCartForm: it styles the form and its modal. */
export const addToCartStylesheet = { rel: "stylesheet", href: cartStyles } as const;

export interface AddToCartFormProps {
  productId: number;
  productRef: string;
  defaultQty?: number;
  /** A narrow variant for product cards and list rows. */
  compact?: boolean;
}

/** The form's data as a fetcher sends it: with the fetch-mode field (the action answers data, not a redirect). */
export function addToCartFetchData(form: HTMLFormElement): FormData {
  const data = new FormData(form);
  data.set(FETCH_MODE_FIELD, FETCH_MODE_VALUE);
  return data;
}

/** Shows a fetcher's answer: the modal for an addition (through `show`), a toast for a refusal. */
export function showAddToCartAnswer(answer: AddToCartAnswer, show: (added: AddedToCart) => void): void {
  if (answer.ok) show(answer);
  else withToast((toast) => toast.error(answer.message));
}

export interface AddToCartFormViewProps extends AddToCartFormProps {
  /** Where the action sends a browser without JavaScript back to (this page). */
  back: string;
  busy: boolean;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The form alone, a plain POST to /mon-panier/ajouter: without JavaScript the action
 * redirects back to `back` with a flash message. Whoever renders it sends it by a fetcher
 * when JavaScript runs: AddToCartForm below, or a product list for all its cards at once.
 */
export function AddToCartFormView({
  productId,
  productRef,
  defaultQty = 1,
  compact = false,
  back,
  busy,
  onSubmit,
}: AddToCartFormViewProps) {
  const fieldId = `qty-${productId}`;
  return (
    <form
      method="post"
      action={ADD_TO_CART_ACTION}
      className={compact ? "add-to-cart add-to-cart--compact" : "add-to-cart"}
      data-testid={`add-to-cart-${productRef}`}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={back} />
      {/* Texts are single strings: adjacent text nodes cost a comment marker each in the HTML. */}
      {/* Seen: « Quantité »; heard: « Quantité de <référence> », as on the cart's lines. */}
      {compact ? (
        <label htmlFor={fieldId} className="visually-hidden">
          {`Quantité de ${productRef}`}
        </label>
      ) : (
        <label htmlFor={fieldId}>
          Quantité<span className="visually-hidden">{` de ${productRef}`}</span>
        </label>
      )}
      {/* No step attribute: 1 is a number field's default step. */}
      <input
        id={fieldId}
        type="number"
        name="qty"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QTY}
        defaultValue={defaultQty}
        required
        className="add-to-cart__qty"
      />
      {/* The name starts with the visible label (WCAG 2.5.3); in a list it also names the product. */}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? (
          "Ajout…"
        ) : compact ? (
          <>
            Ajouter<span className="visually-hidden">{` ${productRef} au panier`}</span>
          </>
        ) : (
          "Ajouter au panier"
        )}
      </button>
    </form>
  );
}

/**
 * Add to cart from a single place (the product page): the form with a fetcher of its own.
 * With JavaScript the fetcher sends it, the modal shows the result and the layout's
 * revalidation refreshes the header badge. Product lists use AddToCartFormView with ONE
 * handler for all their cards instead (catalogue/useCardActions.ts).
 */
export function AddToCartForm(props: AddToCartFormProps) {
  const fetcher = useFetcher<AddToCartAnswer>();
  const location = useLocation();
  const [shown, setShown] = useState<AddedToCart | null>(null);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    showAddToCartAnswer(answer, setShown);
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <AddToCartFormView
        {...props}
        back={`${location.pathname}${location.search}`}
        busy={fetcher.state !== "idle"}
        onSubmit={(event) => {
          // Added here rather than rendered after hydration: the server's HTML stays the
          // no-JavaScript form, and nothing is rendered a second time once interactive.
          event.preventDefault();
          fetcher.submit(addToCartFetchData(event.currentTarget), { method: "post", action: ADD_TO_CART_ACTION });
        }}
      />
      {/* Mounted only while shown. */}
      {shown ? <AddToCartModal added={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
