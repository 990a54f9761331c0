import type { Cart } from "../contracts/entities";
import { shippingFacts, type ShippingContext, type ShippingFacts } from "./shipping-facts";
import { FREE_SHIPPING_MIN_SUBTOTAL, SHIPPING_RULES, type ShippingRule } from "./shipping-rules";

/** How far this cart is from free shipping (spec §9: eligibility and 50 € of products, shipping lines excluded). */
export interface FreeShippingProgress {
  /** Products (HT, cents) still to add; 0 once reached. */
  missing: number;
  /** Motors or antennas are in the cart: they never ship free (docs/shipping.md), only the parcels do. */
  othersCharged: boolean;
}

/** The free-shipping rows of the table could apply to this cart, were its subtotal high enough. */
function couldApply(rule: ShippingRule, facts: ShippingFacts): boolean {
  return (
    (rule.delivery === undefined || rule.delivery === facts.delivery) &&
    rule.zones.includes(facts.zone) &&
    rule.requiresAny.some((family) => facts.units[family] > 0)
  );
}

/**
 * Null when no amount of products would bring free shipping: an account that is not eligible,
 * direct delivery, export, or no parcel goods. Read from the rule table, so that the promise
 * « Plus que X € » is the one the shipping lines will keep.
 */
export function freeShippingProgress(cart: Cart, ctx: ShippingContext): FreeShippingProgress | null {
  if (!ctx.freeShippingEligible) return null;
  const facts = shippingFacts(cart, ctx);
  if (!SHIPPING_RULES.some((rule) => rule.freeShipping === true && couldApply(rule, facts))) return null;
  return {
    missing: Math.max(0, FREE_SHIPPING_MIN_SUBTOTAL - facts.subtotalHt),
    othersCharged: facts.units.motor + facts.units.antenna > 0,
  };
}
