import type { SavedCart, SavedCartAnswer } from "@shared/contracts/api";
import type { Cart, CartAnswer, CartLine, CartLineAnswer } from "@shared/contracts/entities";

/**
 * A cart as the portal holds it. The back-office answers a people account without `prices`
 * every amount null (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md); the
 * domain's operations (changes, stock, validation) need a whole cart, so such a cart gets 0
 * in place of each amount and `amountsHidden`: its amounts, totals, shipping choice or free
 * shipping gap are never shown, computed for display, nor sent as the totals of an order. A
 * save sends the lines only (leanCart) and the back-office reprices them, so nothing is lost.
 */
export type HeldCart = SavedCart & { amountsHidden?: true };

function lineIsPriced(line: CartLineAnswer): line is CartLine {
  return (
    line.prd_price_selling !== null &&
    line.prc_price !== null &&
    line.prc_discount !== null &&
    line.prd_ecotaxe !== null &&
    (line.quote === undefined || line.quote.unit_price !== null)
  );
}

/** Whether the answer carries its amounts (an account with `prices`). */
export function isPricedCart(cart: CartAnswer): cart is Cart {
  return cart.ldd.price !== null && cart.products.every(lineIsPriced);
}

function withPlaceholders(line: CartLineAnswer): CartLine {
  const { quote, ...rest } = line;
  return {
    ...rest,
    prd_price_selling: line.prd_price_selling ?? 0,
    prc_price: line.prc_price ?? 0,
    prc_discount: line.prc_discount ?? 0,
    prd_ecotaxe: line.prd_ecotaxe ?? 0,
    ...(quote ? { quote: { ...quote, unit_price: quote.unit_price ?? 0 } } : {}),
  };
}

export function heldCart(answer: SavedCartAnswer): HeldCart {
  const { cart, version } = answer;
  if (isPricedCart(cart)) return { cart, version };
  return {
    cart: { ...cart, ldd: { ...cart.ldd, price: cart.ldd.price ?? 0 }, products: cart.products.map(withPlaceholders) },
    version,
    amountsHidden: true,
  };
}
