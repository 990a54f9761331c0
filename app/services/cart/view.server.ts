import type { HeldCart } from "~/services/upstream/held-cart.server";
import type { AuthUser, Cart, CartLine } from "@shared/contracts/entities";
import {
  accountContextOf,
  computeTotals,
  isFriday,
  isMmsiProduct,
  isPromotionApplied,
  isTagIntegrator,
  isTaxExempt,
  lineEcotaxe,
  lineTotalHt,
  lineUnitPrice,
  permissionsOf,
  shownLineHt,
  shownTotals,
  validateOrder,
  type ShippingContext,
} from "@shared/domain/index";
import { freeShippingProgress } from "@shared/domain/shipping-free";
import { optionCosts } from "@shared/domain/shipping-options";
import { stockOutlook } from "@shared/domain/stock-outlook";
import type { CartLineView, CartView } from "./types";

/**
 * What /mon-panier shows, computed on the server with the domain's rules. Without the
 * `prices` right every amount is null here, before the data leaves the server.
 */

interface LineViewRules {
  showPrices: boolean;
  /** An HT (tax-exempt) account pays no ecotax: its lines show none. */
  showEcotaxe: boolean;
  checksCertificates: boolean;
  /** The cart's partial-delivery choice: what becomes of a shortfall depends on it. */
  partialDelivery: boolean;
}

/**
 * A line accepted from a quote (docs/quotes.md), as the back-office priced it: a held cart is
 * revalidated every day (decision 0085), so a lock past its date is never shown as in force.
 */
function quoteOf(line: CartLine): Pick<CartLineView, "quote" | "quoteExpired"> {
  return {
    quote: line.quote ? { number: line.quote.number, validUntil: line.quote.valid_until } : null,
    quoteExpired: line.quote_expired ? { number: line.quote_expired, on: line.quote_expired_on ?? null } : null,
  };
}

function lineView(
  line: CartLine,
  { showPrices, showEcotaxe, checksCertificates, partialDelivery }: LineViewRules,
  problems: string[],
): CartLineView {
  const price = (value: number) => (showPrices ? value : null);
  const outlook = line.prd_is_port ? null : stockOutlook(line);
  // Shipping lines carry no ecotax (shared/domain/totals.ts); a product line's total includes its own (decision 0161).
  const ecotaxe = showEcotaxe && !line.prd_is_port ? lineEcotaxe(line) : null;
  return {
    lineId: line.line_id,
    productId: line.obj_id,
    ref: line.obj_ref,
    title: line.obj_title,
    picture: line.image ?? null,
    discontinued: line.prd_discontinued === true,
    qty: line.qty,
    listPrice: price(line.prd_price_selling),
    unitPrice: price(lineUnitPrice(line)),
    discountPercent: showPrices && line.prc_discount > 0 ? line.prc_discount : null,
    promoName: showPrices && isPromotionApplied(line) ? (line.prc_promo_name ?? "Promotion") : null,
    ecotaxe,
    lineTotal: shownLineHt(price(lineTotalHt(line)), ecotaxe),
    stock: line.prd_sto_disp,
    refillDate: line.prd_refill_date,
    refillQty: line.prd_refill_qte,
    availability: outlook ? { ...outlook, partialDelivery } : null,
    needsCertificates: checksCertificates && isMmsiProduct(line),
    certificates: line.certificates.map((certificate) => ({
      cerId: certificate.cer_id,
      mmsi: certificate.mmsi,
      fileName: certificate.file_name,
    })),
    problems,
    ...quoteOf(line),
  };
}

/** What the delivery options add and how far free shipping is: amounts, so only with `prices`. */
function shippingOffers(cart: Cart, shipping: ShippingContext, showPrices: boolean): Pick<CartView, "optionCosts" | "freeShipping"> {
  if (!showPrices) return { optionCosts: null, freeShipping: null };
  return { optionCosts: optionCosts(cart, shipping), freeShipping: freeShippingProgress(cart, shipping) };
}

/**
 * `saved.cart` carries the shipping lines of `shipping.today` (withShipping): the view adds nothing
 * to them. `ownCodes`: the organization's codes of the cart's products (product id → code).
 */
export function cartView(
  saved: HeldCart,
  user: AuthUser,
  master: AuthUser | null,
  shipping: ShippingContext,
  ownCodes: ReadonlyMap<number, string> = new Map(),
): CartView {
  const permissions = permissionsOf(user, master);
  // A cart the back-office sent without amounts holds placeholders: never shown (decision 0131).
  const showPrices = permissions.canViewPrices && saved.amountsHidden !== true;
  const account = accountContextOf(user);
  const problems = validateOrder(saved.cart, { account, canOrder: true });
  const problemsOf = (lineId: string) => problems.filter((problem) => problem.lineId === lineId).map((problem) => problem.message);
  const taxExempt = isTaxExempt(account.catCompta);
  const rules: LineViewRules = {
    showPrices,
    showEcotaxe: showPrices && !taxExempt,
    checksCertificates: !isTagIntegrator(account),
    partialDelivery: saved.cart.partialDelivery,
  };
  const views = saved.cart.products.map((line) => ({
    ...lineView(line, rules, problemsOf(line.line_id)),
    ownCode: ownCodes.get(line.obj_id) ?? null,
  }));
  return {
    version: saved.version,
    ref: saved.cart.ref,
    comments: saved.cart.comments,
    saturday: saved.cart.saturday,
    lddActive: saved.cart.ldd.active,
    lddPrice: showPrices ? saved.cart.ldd.price : null,
    partialDelivery: saved.cart.partialDelivery,
    ...shippingOffers(saved.cart, shipping, showPrices),
    lines: views.filter((_view, index) => saved.cart.products[index]?.prd_is_port === false),
    shippingLines: views.filter((_view, index) => saved.cart.products[index]?.prd_is_port === true),
    totals: showPrices ? shownTotals(computeTotals(saved.cart, account)) : null,
    taxExempt,
    showsEcotaxe: rules.showEcotaxe,
    todayIsFriday: isFriday(shipping.today),
    canEdit: permissions.canUpdateCart && user.obj_class !== "contributor",
    canSeePrices: showPrices,
  };
}
