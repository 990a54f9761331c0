import type { Cart, Certificate } from "../contracts/entities";
import type { CartOptions, NewCartProduct } from "./cart";
import { addProduct, clearCart, removeLine, setCertificates, setOptions, setQuantity } from "./cart";
import type { ShippingContext } from "./shipping-facts";
import { withShipping } from "./shipping";

/** Every change a user can make to the cart, as the portal's cart action receives it. */
export type CartChange =
  | { type: "add"; product: NewCartProduct; qty: number; lineId: string }
  | { type: "setQuantity"; lineId: string; qty: number }
  | { type: "remove"; lineId: string }
  | { type: "clear" }
  | { type: "options"; options: CartOptions }
  | { type: "certificates"; lineId: string; certificates: readonly Certificate[] };

/**
 * Applies one change to the lines and options only. For a caller whose save recomputes the
 * shipping lines anyway (the portal: the back-office reprices and recomputes on every save).
 */
export function applyCartChangeWithoutShipping(cart: Cart, change: CartChange): Cart {
  switch (change.type) {
    case "add":
      return addProduct(cart, change.product, change.qty, change.lineId);
    case "setQuantity":
      return setQuantity(cart, change.lineId, change.qty);
    case "remove":
      return removeLine(cart, change.lineId);
    case "clear":
      return clearCart(cart);
    case "options":
      return setOptions(cart, change.options);
    case "certificates":
      return setCertificates(cart, change.lineId, change.certificates);
  }
}

/**
 * Applies one change, then recalculates the shipping lines: the single entry point that keeps
 * "shipping lines are recalculated on every save" true. Being pure, it can be re-applied on a
 * fresher cart when a save meets a newer version.
 */
export function applyCartChange(cart: Cart, change: CartChange, ctx: ShippingContext): Cart {
  return withShipping(applyCartChangeWithoutShipping(cart, change), ctx);
}
