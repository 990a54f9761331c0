import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MAX_LINE_QTY } from "../../../shared/domain/cart";
import panierStyles from "../../styles/panier.css";
import { withToast } from "../ui/toasts";
import { AddToCartModal } from "./AddToCartModal";
import { ADD_TO_CART_ACTION, FETCH_MODE_FIELD, FETCH_MODE_VALUE, type AddToCartAnswer, type AddedToCart } from "./types";

/** Add it to the `links` of a route that shows AddToCartForm: it styles the form and its modal. */
export const addToCartStylesheet = { rel: "stylesheet", href: panierStyles } as const;

export interface AddToCartFormProps {
  productId: number;
  productRef: string;
  defaultQty?: number;
  /** A narrow variant for product cards and list rows. */
  compact?: boolean;
}

/**
 * Add to cart from anywhere. A real form posting to /mon-panier/ajouter: without JavaScript
 * the action redirects back here with a flash message; with JavaScript a fetcher sends it
 * with the fetch-mode field, the modal shows the result and the layout's revalidation
 * refreshes the header badge.
 */
function CompactLabel({ productRef }: { productRef: string }) {
  return (
    <>
      Ajouter<span className="visually-hidden"> {productRef} au panier</span>
    </>
  );
}

export function AddToCartForm({ productId, productRef, defaultQty = 1, compact = false }: AddToCartFormProps) {
  const fetcher = useFetcher<AddToCartAnswer>();
  const location = useLocation();
  const [shown, setShown] = useState<AddedToCart | null>(null);
  const busy = fetcher.state !== "idle";
  const fieldId = `qty-${productId}`;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) setShown(answer);
    else withToast((toast) => toast.error(answer.message));
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <fetcher.Form
        method="post"
        action={ADD_TO_CART_ACTION}
        className={compact ? "add-to-cart add-to-cart--compact" : "add-to-cart"}
        data-testid={`add-to-cart-${productRef}`}
        onSubmit={(event) => {
          // With JavaScript the fetcher sends it, saying so (the action answers data, not a
          // redirect). Added here rather than rendered after hydration: a list of 24 forms
          // is not rendered a second time once the page is interactive.
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          form.set(FETCH_MODE_FIELD, FETCH_MODE_VALUE);
          fetcher.submit(form, { method: "post", action: ADD_TO_CART_ACTION });
        }}
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <label htmlFor={fieldId} className={compact ? "visually-hidden" : undefined}>
          Quantité ({productRef})
        </label>
        <input
          id={fieldId}
          type="number"
          name="qty"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QTY}
          step={1}
          defaultValue={defaultQty}
          required
          className="add-to-cart__qty"
        />
        {/* The name starts with the visible label (WCAG 2.5.3); in a list it also names the product. */}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Ajout…" : compact ? <CompactLabel productRef={productRef} /> : "Ajouter au panier"}
        </button>
      </fetcher.Form>
      {/* Mounted only while shown: a list of 24 cards does not carry 24 dialogs. */}
      {shown ? <AddToCartModal added={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
