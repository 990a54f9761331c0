import type { Cart, CartLine, ShippingProduct } from "../contracts/entities";
import { DomainError } from "./errors";
import type { ShippingRef } from "./references";
import type { ShippingFacts, ShippingContext } from "./shipping-facts";
import { shippingFacts } from "./shipping-facts";
import type { ShippingRule } from "./shipping-rules";
import { SHIPPING_RULES } from "./shipping-rules";

function within(value: number, atLeast: number | undefined, below: number | undefined): boolean {
  return (atLeast === undefined || value >= atLeast) && (below === undefined || value < below);
}

/** True when every criterion the rule states holds for the facts (absent = no constraint). */
export function ruleMatches(rule: ShippingRule, facts: ShippingFacts): boolean {
  return (
    (rule.delivery === undefined || rule.delivery === facts.delivery) &&
    rule.zones.includes(facts.zone) &&
    rule.requiresAny.some((family) => facts.units[family] > 0) &&
    (rule.freeShipping === undefined || rule.freeShipping === facts.freeShipping) &&
    within(facts.subtotalHt, rule.subtotalAtLeast, rule.subtotalBelow) &&
    (rule.parcelWeightAtMost === undefined || facts.parcelWeightGrams <= rule.parcelWeightAtMost) &&
    (rule.parcelWeightAbove === undefined || facts.parcelWeightGrams > rule.parcelWeightAbove) &&
    (rule.saturdayOnFriday === undefined || rule.saturdayOnFriday === facts.saturdayOnFriday)
  );
}

/** The rows of the table that apply, in table order. */
export function matchingRules(facts: ShippingFacts, rules: readonly ShippingRule[] = SHIPPING_RULES): ShippingRule[] {
  return rules.filter((rule) => ruleMatches(rule, facts));
}

/** A shipping line, priced from the shipping products list; its line_id is deterministic. */
export function shippingLine(product: ShippingProduct, qty: number): CartLine {
  return {
    obj_id: product.obj_id,
    obj_ref: product.obj_ref,
    obj_title: product.obj_title,
    obj_name: product.obj_title,
    qty,
    line_id: `port-${product.obj_ref}`,
    prd_is_port: true,
    prd_price_selling: product.prd_price_selling,
    prc_price: product.prd_price_selling,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: 0,
    prd_ecotaxe: 0,
    prd_weight_gross: 0,
    prd_weight_net: 0,
    prd_sto_disp: 0,
    prd_refill_date: null,
    prd_refill_qte: null,
    certificates: [],
    obj_properties: {},
  };
}

function findShippingProduct(ref: ShippingRef, products: readonly ShippingProduct[]): ShippingProduct {
  const product = products.find((candidate) => candidate.obj_ref === ref);
  if (product === undefined) {
    // A missing price would silently ship for free: a configuration error must be loud.
    throw new DomainError("shipping_product_missing", `Frais de port introuvables : ${ref}.`);
  }
  return product;
}

/** The shipping lines a cart must carry, from the rule table. */
export function shippingLinesFor(cart: Cart, ctx: ShippingContext): CartLine[] {
  const facts = shippingFacts(cart, ctx);
  return matchingRules(facts).map((rule) => {
    const qty = rule.quantity === "motorUnits" ? facts.units.motor : 1;
    return shippingLine(findShippingProduct(rule.ref, ctx.shippingProducts), qty);
  });
}

/** Removes the old shipping lines (prd_is_port) and appends the recalculated ones. */
export function withShipping(cart: Cart, ctx: ShippingContext): Cart {
  const goods = cart.products.filter((line) => !line.prd_is_port);
  return { ...cart, products: [...goods, ...shippingLinesFor(cart, ctx)] };
}
