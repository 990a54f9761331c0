import { useFetcher, useLocation } from "@remix-run/react";
import type { FormEvent } from "react";

export const FAVORITES_ACTION = "/mon-compte/favoris";

export interface FavoriteToggleFormProps {
  productId: number;
  productTitle: string;
  /** What the button shows: the saved state, or the one asked for while the call runs. */
  favorite: boolean;
  /** Where the action sends the browser back to (this page). */
  back: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The toggle's form alone: a real POST (it works without JavaScript and comes back to
 * `back`). Whoever renders it sends it by a fetcher when JavaScript runs: FavoriteToggle
 * below, or a product list for all its cards at once (useCardActions.ts).
 */
export function FavoriteToggleForm({ productId, productTitle, favorite, back, onSubmit }: FavoriteToggleFormProps) {
  return (
    <form method="post" action={FAVORITES_ACTION} className="favorite-toggle" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={favorite ? "remove" : "add"} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="redirectTo" value={back} />
      {/* Named by its visible text, then the product (WCAG 2.5.3): "Favori : …", "Ajouter aux favoris : …". */}
      <button type="submit" className={favorite ? "favorite-toggle__button is-on" : "favorite-toggle__button"} aria-pressed={favorite}>
        <span aria-hidden="true">{favorite ? "★" : "☆"}</span>
        <span className="favorite-toggle__text">{favorite ? "Favori" : "Ajouter aux favoris"}</span>
        <span className="visually-hidden">{` : ${productTitle}`}</span>
      </button>
    </form>
  );
}

/**
 * Adds or removes a favourite from a single place (the product page), with a fetcher of its
 * own so the page does not move; optimistic while the call runs.
 */
export function FavoriteToggle({ productId, productTitle, isFavorite }: { productId: number; productTitle: string; isFavorite: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pendingIntent = fetcher.formData?.get("intent");
  const favorite = pendingIntent === undefined || pendingIntent === null ? isFavorite : pendingIntent === "add";
  return (
    <FavoriteToggleForm
      productId={productId}
      productTitle={productTitle}
      favorite={favorite}
      back={`${location.pathname}${location.search}`}
      onSubmit={(event) => {
        event.preventDefault();
        fetcher.submit(event.currentTarget, { method: "post", action: FAVORITES_ACTION });
      }}
    />
  );
}
