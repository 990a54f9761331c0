import type { Cart } from "../contracts/entities";
import type { AccountContext } from "./account";
import { isTaxExempt } from "./account";
import { VAT_RATE, roundCents } from "./money";
import { lineEcotaxe, lineTotalHt, lineWeightGrams } from "./pricing";

/** The base and VAT of one rate (percent, 20 for 20 %), as an invoice's VAT breakdown. */
export interface VatAtRate {
  rate: number;
  baseHt: number;
  vat: number;
}

/**
 * Cart totals in cents (weight in grams), as the wire carries them: ord_total_ht = ht (ecotax
 * NOT included), ord_total_ecotaxe = ecotaxe, ord_total_ttc = ttc = ht + ecotaxe + tva. Pages,
 * e-mails and documents never show `ht` alone: they show `shownTotals` (decision 0161).
 */
export interface Totals {
  /** Products excluding shipping lines and the direct-delivery fee: the "subtotal" of the rules. */
  productsHt: number;
  /** Shipping lines plus the direct-delivery (ldd) fee when active. */
  shippingHt: number;
  ht: number;
  ecotaxe: number;
  tva: number;
  ttc: number;
  /** The VAT base (ecotax included) and VAT of each rate, highest rate first; tva is their sum. */
  vatByRate: VatAtRate[];
  /** Gross weight of the products (shipping lines weigh nothing). */
  weightGrams: number;
}

/** 0.2 → 20, 0.055 → 5.5: a rate in percent without binary noise. */
const percentOf = (rate: number) => Math.round(rate * 10_000) / 100;

/**
 * VAT rounded once per rate on that rate's whole base, never per line, so it cannot drift, and
 * the same way as an invoice (shared/domain/invoices.ts invoiceTotals), so that an order
 * invoiced at once is invoiced exactly its VAT.
 */
function vatOfBases(bases: ReadonlyMap<number, number>): VatAtRate[] {
  return [...bases.entries()]
    .filter(([, base]) => base !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, baseHt]) => ({ rate, baseHt, vat: roundCents((baseHt * rate) / 100) }));
}

/**
 * Totals of a cart for an account. Ecotax is part of the base before VAT; tax-exempt accounts
 * pay neither. The ldd fee carries its own rate (cart.ldd.tva).
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
  const bases = new Map<number, number>();
  if (!exempt) {
    bases.set(percentOf(VAT_RATE), productsHt + shippingLinesHt + ecotaxe);
    const lddRate = percentOf(cart.ldd.tva);
    bases.set(lddRate, (bases.get(lddRate) ?? 0) + lddFee);
  }
  const vatByRate = vatOfBases(bases);
  const tva = vatByRate.reduce((sum, entry) => sum + entry.vat, 0);
  return { productsHt, shippingHt, ht, ecotaxe, tva, ttc: ht + ecotaxe + tva, vatByRate, weightGrams };
}

/**
 * The totals every page, e-mail and document shows (decision 0161), as an invoice prints them:
 * the ecotax is part of the HT amounts (« dont éco-participation »), never beside them.
 * productsHt + shippingHt = totalHt, and totalHt + tva = ttc.
 */
export interface ShownTotals {
  /** The product lines as shown: their net amounts with their ecotax. */
  productsHt: number;
  shippingHt: number;
  /** The HT total, ecotax included: the VAT base, an invoice's « Total HT ». */
  totalHt: number;
  /** « dont éco-participation »: a part of totalHt, never added to it again. */
  ecotaxe: number;
  tva: number;
  ttc: number;
}

/** The wire's amounts (ht without the ecotax) as shown: see ShownTotals. */
export function shownTotals(amounts: Pick<Totals, "productsHt" | "shippingHt" | "ht" | "ecotaxe" | "tva" | "ttc">): ShownTotals {
  return {
    productsHt: amounts.productsHt + amounts.ecotaxe,
    shippingHt: amounts.shippingHt,
    totalHt: amounts.ht + amounts.ecotaxe,
    ecotaxe: amounts.ecotaxe,
    tva: amounts.tva,
    ttc: amounts.ttc,
  };
}

/**
 * A product line's « Total HT » as shown: its net amount with its ecotax (null when an amount is
 * hidden), so that the lines add up to the shown products' total, as on the invoice.
 */
export function shownLineHt(netAmount: number | null, ecotaxe: number | null): number | null {
  return netAmount === null ? null : netAmount + (ecotaxe ?? 0);
}

/** The one wording of the ecotax, on every page, e-mail and document (decision 0161). */
export const ECOTAX_LABEL = "éco-participation";

export type ShownTotalKey = "products" | "shipping" | "ht" | "ecotaxe" | "tva" | "ttc";

export interface ShownTotalLine {
  key: ShownTotalKey;
  label: string;
  cents: number;
}

/**
 * The rows of a totals block, in order, with their French labels: the same on the cart, the
 * checkout, the confirmation and its e-mail, and the order page. An exempt account's HT total
 * is its last row (no VAT, no ecotax).
 */
export function shownTotalLines(totals: ShownTotals, taxExempt: boolean): ShownTotalLine[] {
  const lines: ShownTotalLine[] = [
    { key: "products", label: "Produits HT", cents: totals.productsHt },
    { key: "shipping", label: "Frais de port HT", cents: totals.shippingHt },
    { key: "ht", label: "Total HT", cents: totals.totalHt },
  ];
  if (taxExempt) return lines;
  return [
    ...lines,
    { key: "ecotaxe", label: `dont ${ECOTAX_LABEL}`, cents: totals.ecotaxe },
    { key: "tva", label: "TVA", cents: totals.tva },
    { key: "ttc", label: "Total TTC", cents: totals.ttc },
  ];
}
