/**
 * What the add-to-cart action answers to a fetcher (with JavaScript). Shared by the server
 * and the components as plain types, so no server code reaches the browser bundle.
 */
export interface AddedToCart {
  ok: true;
  product: { ref: string; title: string; image: string | null };
  qtyAdded: number;
  /** Quantity of this product now in the cart (it may already have been there). */
  qtyInCart: number;
  /** Products in the cart, shipping lines excluded (the header badge). */
  cartCount: number;
  /** Cart totals in cents after the change; null when the user may not see prices. */
  totalHt: number | null;
  totalTtc: number | null;
}

export interface CartRefusal {
  ok: false;
  message: string;
}

export type AddToCartAnswer = AddedToCart | CartRefusal;

/** The field that tells the action the form was sent by a fetcher (JavaScript on). */
export const FETCH_MODE_FIELD = "mode";
export const FETCH_MODE_VALUE = "fetch";
/** Where every add-to-cart form posts. */
export const ADD_TO_CART_ACTION = "/mon-panier/ajouter";
