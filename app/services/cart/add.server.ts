import { z } from "zod";
import type { ProductDetail } from "@shared/contracts/api";
import { computeTotals, accountContextOf, permissionsOf, shownTotals, type NewCartProduct } from "@shared/domain/index";
import { freeShippingProgress } from "@shared/domain/shipping-free";
import { stockOutlook, stockOutlookSentences } from "@shared/domain/stock-outlook";
import type { AddedToCart } from "./types";
import { changeCart, newLineId, productLines, CartRefused } from "./cart.server";
import { cartFailureOf } from "./failure.server";
import { shippingContextFor } from "./shipping.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { quantityField } from "~/services/forms/fields.server";
import type { ParsedForm } from "~/services/forms/parse.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";

/** Add to cart from anywhere (product page, lists, search, favourites). */
export const addToCartForm = z.object({
  productId: z.coerce.number({ error: "Produit invalide." }).int("Produit invalide.").positive("Produit invalide."),
  qty: quantityField,
  redirectTo: z.string().max(2000).optional(),
  mode: z.literal("fetch").optional(),
});
export type AddToCartForm = z.infer<typeof addToCartForm>;

/**
 * A catalogue product as a cart line. Prices may be hidden from this user (null): the
 * back-office reprices every line on save anyway, so 0 is only a placeholder until then.
 */
export function toNewCartProduct(product: ProductDetail): NewCartProduct {
  return {
    obj_id: product.obj_id,
    obj_ref: product.obj_ref,
    obj_title: product.obj_title,
    obj_name: product.obj_name,
    prd_is_port: product.prd_is_port,
    prd_price_selling: product.prd_price_selling ?? 0,
    prc_price: product.prc_price ?? 0,
    prc_promo_price: product.prc_promo_price,
    prc_promo_name: product.prc_promo_name,
    prc_discount: product.prc_discount ?? 0,
    prd_ecotaxe: product.prd_ecotaxe ?? 0,
    prd_weight_gross: product.prd_weight_gross,
    prd_weight_net: product.prd_weight_net,
    prd_sto_disp: 0,
    prd_refill_date: null,
    prd_refill_qte: null,
    obj_properties: product.obj_properties,
    image: product.image,
  };
}

/** Refusals that the catalogue answer already tells, before any cart is touched. */
export function assertOrderable(product: ProductDetail): void {
  if (product.prd_is_port)
    throw new CartRefused(400, `La référence ${product.obj_ref} est un frais de port : elle ne peut pas être ajoutée.`);
  if (product.prd_discontinued) throw new CartRefused(400, `Le produit ${product.obj_ref} n'est plus commercialisé.`);
}

/**
 * What an add needs to know of the product. A product already in the cart this process holds
 * (a re-order, common for a trade customer) is taken from its line, which carries the same
 * facts: no catalogue call. The back-office checks the product again on save, and a product
 * the cart already marks as discontinued is refused here. Any other product is looked up.
 */
async function productToAdd(active: ActiveUser, productId: number): Promise<NewCartProduct> {
  const orgId = active.session.user.auth_org_id;
  const held = active.upstream.oms.lastKnownCart(orgId)?.cart.products.find((line) => line.obj_id === productId && !line.prd_is_port);
  if (held) {
    if (held.prd_discontinued) throw new CartRefused(400, `Le produit ${held.obj_ref} n'est plus commercialisé.`);
    const { qty: _qty, line_id: _lineId, certificates: _certificates, ...product } = held;
    return product;
  }
  const product = await active.upstream.cartLookups.getProduct(productId, orgId);
  assertOrderable(product);
  return toNewCartProduct(product);
}

export async function addToCart(context: PortalLoadContext, active: ActiveUser, productId: number, qty: number): Promise<AddedToCart> {
  const { user, master } = active.session;
  const product = await productToAdd(active, productId);
  const result = await changeCart(context, active, { type: "add", product, qty, lineId: newLineId() });
  const lines = productLines(result.cart);
  const line = lines.find((candidate) => candidate.obj_id === product.obj_id);
  const showPrices = permissionsOf(user, master).canViewPrices && result.amountsHidden !== true;
  const totals = showPrices ? computeTotals(result.cart, accountContextOf(user)) : null;
  const outlook = line ? stockOutlook(line) : null;
  // The product is in the cart whatever this says: a lookup failing here only leaves the hint out.
  const shipping = showPrices ? await shippingContextFor(context, active).catch(() => null) : null;
  return {
    ok: true,
    product: {
      ref: line?.obj_ref ?? product.obj_ref,
      title: line?.obj_title ?? product.obj_title,
      image: line?.image ?? product.image ?? null,
    },
    qtyAdded: qty,
    qtyInCart: line?.qty ?? qty,
    cartCount: lines.length,
    totalHt: totals ? shownTotals(totals).totalHt : null,
    totalTtc: totals?.ttc ?? null,
    availability: outlook ? { ...outlook, partialDelivery: result.cart.partialDelivery } : null,
    freeShipping: shipping ? freeShippingProgress(result.cart, shipping) : null,
  };
}

/**
 * Toast text of one product added: "Gilet (GIL-100) ajouté au panier, quantité 2.", and what
 * the stock cannot serve now (without JavaScript the toast is all the buyer reads).
 */
export function addedMessage(title: string, ref: string, qty: number, availability: AddedToCart["availability"] = null): string {
  const added = `${title} (${ref}) ajouté au panier, quantité ${qty}.`;
  if (!availability) return added.slice(0, 300);
  const [now, later] = stockOutlookSentences(availability, availability.partialDelivery);
  // Whole sentences only: the stock's when the toast has room for it, then at least « Seulement 3 disponibles… ».
  return [`${added} ${now} ${later}`, `${added} ${now}`, added].find((text) => text.length <= 300) ?? added.slice(0, 300);
}

/** The add-to-cart form: the product added (the modal's data for a fetcher, a toast otherwise) or why not. */
export async function addToCartFromForm(
  context: PortalLoadContext,
  active: ActiveUser,
  form: ParsedForm<typeof addToCartForm>,
): Promise<Outcome<AddedToCart>> {
  if (!form.ok) return refused(400, form.formError);
  try {
    const added = await addToCart(context, active, form.data.productId, form.data.qty);
    return saved(addedMessage(added.product.title, added.product.ref, added.qtyAdded, added.availability), added);
  } catch (error) {
    return cartFailureOf(error, context, active, "add");
  }
}
