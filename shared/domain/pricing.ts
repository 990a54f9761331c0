import type { CartLine } from "../contracts/entities";
import { applyPercentOff } from "./money";

type PricedLine = Pick<CartLine, "prd_price_selling" | "prc_price" | "prc_promo_price" | "prc_discount">;

/**
 * The customer's net price before promotion, in cents: prc_price when positive (the
 * back-office's net price already includes the customer's discount), otherwise the list price
 * less prc_discount percent, rounded to the cent (docs/decisions/0004-price-precedence.md).
 */
export function lineNetPrice(line: PricedLine): number {
  return line.prc_price > 0 ? line.prc_price : applyPercentOff(line.prd_price_selling, line.prc_discount);
}

/** A promotion applies only when it is lower than the net price: it never raises a price. */
export function isPromotionApplied(line: PricedLine): boolean {
  return line.prc_promo_price !== null && line.prc_promo_price < lineNetPrice(line);
}

/**
 * A line's unit price in cents, excluding tax: the promotion price when it applies, otherwise
 * the net price. An amount from outside never turns into a credit: the result is at least 0.
 */
export function lineUnitPrice(line: PricedLine): number {
  const netPrice = lineNetPrice(line);
  const promoPrice = line.prc_promo_price;
  return Math.max(0, promoPrice !== null && promoPrice < netPrice ? promoPrice : netPrice);
}

/** qty × unit price: exact in cents, no rounding needed. */
export function lineTotalHt(line: PricedLine & Pick<CartLine, "qty">): number {
  return line.qty * lineUnitPrice(line);
}

/** Ecotax of a line (per unit × qty), never negative. */
export function lineEcotaxe(line: Pick<CartLine, "qty" | "prd_ecotaxe">): number {
  return line.qty * Math.max(0, line.prd_ecotaxe);
}

/** Shipping weight of a line: the gross weight, or the net weight when the gross is unknown (0). */
export function lineWeightGrams(line: Pick<CartLine, "qty" | "prd_weight_gross" | "prd_weight_net">): number {
  const unitWeight = line.prd_weight_gross > 0 ? line.prd_weight_gross : line.prd_weight_net;
  return line.qty * unitWeight;
}
