import { useFetcher, useLocation } from "@remix-run/react";

export const FAVORITES_ACTION = "/mon-compte/favoris";

/**
 * Adds or removes a favourite: a real POST form (it works without JavaScript and comes back
 * to this page), sent by a fetcher when JavaScript runs so the page does not move.
 */
export function FavoriteToggle({ productId, productTitle, isFavorite }: { productId: number; productTitle: string; isFavorite: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  // Optimistic: while the call runs, show the state asked for.
  const pendingIntent = fetcher.formData?.get("intent");
  const favorite = pendingIntent === undefined || pendingIntent === null ? isFavorite : pendingIntent === "add";
  return (
    <fetcher.Form method="post" action={FAVORITES_ACTION} className="favorite-toggle">
      <input type="hidden" name="intent" value={favorite ? "remove" : "add"} />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {/* Named by its visible text, then the product (WCAG 2.5.3): "Favori : …", "Ajouter aux favoris : …". */}
      <button type="submit" className={favorite ? "favorite-toggle__button is-on" : "favorite-toggle__button"} aria-pressed={favorite}>
        <span aria-hidden="true">{favorite ? "★" : "☆"}</span>
        <span className="favorite-toggle__text">{favorite ? "Favori" : "Ajouter aux favoris"}</span>
        <span className="visually-hidden"> : {productTitle}</span>
      </button>
    </fetcher.Form>
  );
}
