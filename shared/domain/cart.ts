import type { Cart, CartLine, Certificate, Ldd } from "../contracts/entities";
import { DomainError } from "./errors";
import { eurosToCents } from "./money";
import { isShippingReference, normalizeReference } from "./references";
import { countOf } from "./plural";

/**
 * Cart operations (docs/specification.md §4). Each is pure: it returns a new cart and never mutates its
 * input. Shipping lines are recalculated by the caller with withShipping (or applyCartChange).
 */

/** Default express/direct delivery (ldd): 20 € excluding tax, VAT 20 %, off. */
export const DEFAULT_LDD: Readonly<Ldd> = { active: false, price: eurosToCents(20), tva: 0.2 };
/** Upper bound of a line's quantity: a typo like 10000 must not become an order. */
export const MAX_LINE_QTY = 9999;
const CART_REF_MAX_LENGTH = 60;

export type NewCartProduct = Omit<CartLine, "line_id" | "qty" | "certificates">;

export function emptyCart(): Cart {
  return {
    ref: "",
    ldd: { ...DEFAULT_LDD },
    saturday: false,
    code: "",
    products: [],
    comments: "",
    notes: "",
    partialDelivery: false,
    dlv_address: null,
    inv_address: null,
  };
}

/** Refuses anything but a whole quantity from 1 to MAX_LINE_QTY. */
export function assertLineQuantity(qty: number): void {
  if (!Number.isInteger(qty) || qty < 1) {
    throw new DomainError("invalid_quantity", "La quantité doit être un nombre entier supérieur à zéro.");
  }
  if (qty > MAX_LINE_QTY) {
    throw new DomainError("quantity_too_large", `La quantité ne peut pas dépasser ${MAX_LINE_QTY}.`);
  }
}

function shippingLineLocked(): DomainError {
  return new DomainError("shipping_line_locked", "Les frais de port sont calculés automatiquement.");
}

/** The product line with this id; shipping lines are not the user's to change. */
function findProductLine(cart: Cart, lineId: string): CartLine {
  const line = cart.products.find((candidate) => candidate.line_id === lineId);
  if (line === undefined) throw new DomainError("line_not_found", "Cette ligne n'est plus dans le panier.");
  if (line.prd_is_port) throw shippingLineLocked();
  return line;
}

/** Copies exactly the line fields, so that a wider object (a catalogue product) leaks nothing. */
function productFields(product: NewCartProduct, ref: string): NewCartProduct {
  return {
    obj_id: product.obj_id,
    obj_ref: ref,
    obj_title: product.obj_title,
    obj_name: product.obj_name,
    prd_is_port: product.prd_is_port,
    prd_price_selling: product.prd_price_selling,
    prc_price: product.prc_price,
    prc_promo_price: product.prc_promo_price,
    prc_promo_name: product.prc_promo_name,
    prc_discount: product.prc_discount,
    prd_ecotaxe: product.prd_ecotaxe,
    prd_weight_gross: product.prd_weight_gross,
    prd_weight_net: product.prd_weight_net,
    prd_sto_disp: product.prd_sto_disp,
    prd_refill_date: product.prd_refill_date,
    prd_refill_qte: product.prd_refill_qte,
    obj_properties: product.obj_properties,
    image: product.image ?? null,
  };
}

/**
 * The promotion name the cart's reference holds, as adding a promoted product to a cart without
 * a reference sets it (addProduct, docs/specification.md §4), or null. The pages say that the
 * reference was pre-filled from it and can be changed (issue 24).
 */
export function promotionNameInReference(ref: string, promoNames: readonly (string | null | undefined)[]): string | null {
  const shown = ref.trim();
  if (shown === "") return null;
  for (const name of promoNames) {
    if (name && name.trim().slice(0, CART_REF_MAX_LENGTH) === shown) return name.trim();
  }
  return null;
}

/**
 * Adds qty of a product. An existing reference gets the quantity added (and the fresh product
 * data); a new one goes to the front with lineId. An empty cart reference takes the promo name.
 */
export function addProduct(cart: Cart, product: NewCartProduct, qty: number, lineId: string): Cart {
  const ref = normalizeReference(product.obj_ref);
  if (product.prd_is_port || isShippingReference(ref)) {
    throw new DomainError("shipping_reference", `La référence ${ref} est un frais de port : elle ne peut pas être ajoutée.`);
  }
  assertLineQuantity(qty);
  const cartRef = cart.ref.trim() === "" && product.prc_promo_name ? product.prc_promo_name.trim().slice(0, CART_REF_MAX_LENGTH) : cart.ref;
  const existing = cart.products.find((line) => !line.prd_is_port && normalizeReference(line.obj_ref) === ref);
  if (existing !== undefined) {
    assertLineQuantity(existing.qty + qty);
    const merged: CartLine = { ...existing, ...productFields(product, ref), qty: existing.qty + qty };
    return { ...cart, ref: cartRef, products: cart.products.map((line) => (line === existing ? merged : line)) };
  }
  if (lineId.trim() === "" || cart.products.some((line) => line.line_id === lineId)) {
    throw new DomainError("invalid_line_id", "Identifiant de ligne invalide ou déjà utilisé.");
  }
  const added: CartLine = { ...productFields(product, ref), qty, line_id: lineId, certificates: [] };
  return { ...cart, ref: cartRef, products: [added, ...cart.products] };
}

/** Sets a line's quantity; 0 removes the line. Certificates beyond the new quantity are dropped. */
export function setQuantity(cart: Cart, lineId: string, qty: number): Cart {
  const target = findProductLine(cart, lineId);
  if (qty === 0) return removeLine(cart, lineId);
  assertLineQuantity(qty);
  const updated: CartLine = { ...target, qty, certificates: target.certificates.slice(0, qty) };
  return { ...cart, products: cart.products.map((line) => (line === target ? updated : line)) };
}

/**
 * Removes a line. A line already gone (removed meanwhile by a colleague) is not an error:
 * the wish "this line out of the cart" is met.
 */
export function removeLine(cart: Cart, lineId: string): Cart {
  const target = cart.products.find((line) => line.line_id === lineId);
  if (target === undefined) return cart;
  if (target.prd_is_port) throw shippingLineLocked();
  return { ...cart, products: cart.products.filter((line) => line !== target) };
}

/** Empties the cart's lines; its reference, options, addresses and instructions stay. */
export function clearCart(cart: Cart): Cart {
  return { ...cart, products: [] };
}

export interface CartOptions {
  saturday?: boolean;
  lddActive?: boolean;
}

export function setOptions(cart: Cart, options: CartOptions): Cart {
  return {
    ...cart,
    saturday: options.saturday ?? cart.saturday,
    ldd: { ...cart.ldd, active: options.lddActive ?? cart.ldd.active },
  };
}

/** Replaces a line's MMSI certificates; there can never be more than the quantity. */
export function setCertificates(cart: Cart, lineId: string, certificates: readonly Certificate[]): Cart {
  const target = findProductLine(cart, lineId);
  if (certificates.length > target.qty) {
    throw new DomainError("too_many_certificates", `Au plus ${countOf(target.qty, "certificat", "certificats")} pour cette ligne.`);
  }
  const updated: CartLine = { ...target, certificates: [...certificates] };
  return { ...cart, products: cart.products.map((line) => (line === target ? updated : line)) };
}
