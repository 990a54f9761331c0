import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { MAX_LINE_QTY } from "../../../shared/domain/cart";
import panierStyles from "../../styles/panier.css";
import { AddToCartModal } from "./AddToCartModal";
import { ADD_TO_CART_ACTION, FETCH_MODE_FIELD, FETCH_MODE_VALUE, type AddToCartAnswer, type AddedToCart } from "./types";
import { useHydrated } from "./useHydrated";

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
 * the action redirects back here with a flash message; with JavaScript a fetcher sends it,
 * the modal shows the result and the layout's revalidation refreshes the header badge.
 */
export function AddToCartForm({ productId, productRef, defaultQty = 1, compact = false }: AddToCartFormProps) {
  const fetcher = useFetcher<AddToCartAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState<AddedToCart | null>(null);
  const busy = fetcher.state !== "idle";
  const fieldId = `qty-${productId}`;

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.ok) setShown(answer);
    else toast.error(answer.message);
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <fetcher.Form
        method="post"
        action={ADD_TO_CART_ACTION}
        className={compact ? "add-to-cart add-to-cart--compact" : "add-to-cart"}
        data-testid={`add-to-cart-${productRef}`}
      >
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        {hydrated ? <input type="hidden" name={FETCH_MODE_FIELD} value={FETCH_MODE_VALUE} /> : null}
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
        <button type="submit" className="button button--primary" disabled={busy} aria-label={`Ajouter ${productRef} au panier`}>
          {busy ? "Ajout…" : compact ? "Ajouter" : "Ajouter au panier"}
        </button>
      </fetcher.Form>
      {/* Mounted only while shown: a list of 24 cards does not carry 24 dialogs. */}
      {shown ? <AddToCartModal added={shown} onClose={() => setShown(null)} /> : null}
    </>
  );
}
