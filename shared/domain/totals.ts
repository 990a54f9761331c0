import type { Cart } from "../contracts/entities";
import type { AccountContext } from "./account";
import { isTaxExempt } from "./account";
import { VAT_RATE, roundCents } from "./money";
import { lineEcotaxe, lineTotalHt, lineWeightGrams } from "./pricing";

/** Cart totals in cents (weight in grams). ord_total_ht = ht, ord_total_ecotaxe = ecotaxe, ord_total_ttc = ttc. */
export interface Totals {
  /** Products excluding shipping lines and the direct-delivery fee: the "subtotal" of the rules. */
  productsHt: number;
  /** Shipping lines plus the direct-delivery (ldd) fee when active. */
  shippingHt: number;
  ht: number;
  ecotaxe: number;
  tva: number;
  ttc: number;
  /** Gross weight of the products (shipping lines weigh nothing). */
  weightGrams: number;
}

/**
 * Totals of a cart for an account. Ecotax is added to the base before VAT; tax-exempt accounts
 * pay neither. VAT is rounded once on the whole base, never per line, so it cannot drift.
 * The ldd fee carries its own rate (cart.ldd.tva).
 */
export function computeTotals(cart: Cart, account: AccountContext): Totals {
  let productsHt = 0;
  let shippingLinesHt = 0;
  let productsEcotaxe = 0;
  let weightGrams = 0;
  for (const line of cart.products) {
    if (line.prd_is_port) {
      shippingLinesHt += lineTotalHt(line);
      continue;
    }
    productsHt += lineTotalHt(line);
    productsEcotaxe += lineEcotaxe(line);
    weightGrams += lineWeightGrams(line);
  }
  const lddFee = cart.ldd.active ? Math.max(0, cart.ldd.price) : 0;
  const shippingHt = shippingLinesHt + lddFee;
  const ht = productsHt + shippingHt;
  const exempt = isTaxExempt(account.catCompta);
  const ecotaxe = exempt ? 0 : productsEcotaxe;
  const tva = exempt ? 0 : roundCents((productsHt + shippingLinesHt + ecotaxe) * VAT_RATE + lddFee * cart.ldd.tva);
  return { productsHt, shippingHt, ht, ecotaxe, tva, ttc: ht + ecotaxe + tva, weightGrams };
}
