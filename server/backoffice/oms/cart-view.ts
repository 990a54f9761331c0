import type { SavedCartAnswer } from "@shared/contracts/api";
import type { Cart, CartAnswer, CartLine, CartLineAnswer } from "@shared/contracts/entities";
import { ApiFailure } from "../http/errors";
import { hasFlag, type Session } from "../http/session";

/**
 * The cart as a people account without `prices` may read it: every amount null, keys kept
 * (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md). Quantities, stock, weights
 * and certificates stay: the storekeeper prepares the cart without knowing what it costs.
 */
function lineWithoutAmounts(line: CartLine): CartLineAnswer {
  return {
    ...line,
    prd_price_selling: null,
    prc_price: null,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: null,
    prd_ecotaxe: null,
    ...(line.quote ? { quote: { ...line.quote, unit_price: null } } : {}),
  };
}

export function withoutCartAmounts(cart: Cart): CartAnswer {
  return { ...cart, ldd: { ...cart.ldd, price: null }, products: cart.products.map(lineWithoutAmounts) };
}

/** The cart this session may read: as it is, or without its amounts. */
export function cartFor(session: Session, cart: Cart): CartAnswer {
  return hasFlag(session, "prices") ? cart : withoutCartAmounts(cart);
}

/** A saved cart's JSON answer (serialised once by the save) for this session. */
export function savedCartJsonFor(session: Session, saved: { version: number; json: string }): string {
  if (hasFlag(session, "prices")) return saved.json;
  const parsed = JSON.parse(saved.json) as { cart: Cart; version: number };
  const answer: SavedCartAnswer = { cart: withoutCartAmounts(parsed.cart), version: parsed.version };
  return JSON.stringify(answer);
}

/**
 * The tag of the cart's answer: the same version read with and without prices is two answers,
 * so a client holding one never gets a 304 for the other (they share a portal's cache).
 */
export function answerEtag(session: Session, etag: string): string {
  return hasFlag(session, "prices") ? etag : `${etag.slice(0, -1)}-sans-prix"`;
}

/** A 409's current cart, shown to this session as a read would show it. */
export function conflictFor(session: Session, error: unknown): unknown {
  if (!(error instanceof ApiFailure) || error.code !== "cart_conflict" || hasFlag(session, "prices")) return error;
  const cart = error.extra.cart as Cart | undefined;
  if (!cart) return error;
  return new ApiFailure(error.status, error.code, error.message, { ...error.extra, cart: withoutCartAmounts(cart) });
}
