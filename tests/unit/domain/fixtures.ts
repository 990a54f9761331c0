import type { AuthUser, Cart, CartLine, ShippingProduct } from "@shared/contracts/entities";
import type { AccountContext, NewCartProduct, ProductFamilies, ShippingContext, ShippingRef } from "@shared/domain";
import { SHIPPING_REFS, emptyCart } from "@shared/domain";

/** Prices (cents) of the shipping products as the demo back-office lists them. */
export const SHIPPING_PRICES: Record<ShippingRef, number> = {
  PORT_ANTENNE: 2500,
  PORT_BALISE: 600,
  PORT_DS_ANTENNE: 2900,
  PORT_DS_AUTRE: 1290,
  PORT_DS_MOTEUR: 5900,
  PORT_DS_MOTEUR_COR: 9900,
  "PORT_EXT+1KG": 1490,
  "PORT_EXT-1KG": 890,
  PORT_FRANCO: 0,
  PORT_MOTEUR: 4900,
  PORT_MOTEUR_CORSE: 8900,
  PORT_SAMEDI: 2000,
  PORT_SUPP_ADR: 1800,
  PORT_SUPP_CORSE: 1500,
};

export const SHIPPING_PRODUCTS: ShippingProduct[] = SHIPPING_REFS.map((ref, index) => ({
  obj_id: 9000 + index,
  obj_ref: ref,
  obj_title: `Frais de port ${ref}`,
  prd_price_selling: SHIPPING_PRICES[ref],
  prd_is_port: true,
}));

export const FAMILIES: ProductFamilies = {
  motors: new Set(["MOT-15CV"]),
  antennas: new Set(["ANT-VHF"]),
  tags: new Set(["BAL-AIS"]),
  hazards: new Set(["FUS-DETRESSE"]),
};

export const MAINLAND: AccountContext = { objRef: "C0001", zipcode: "44000", country: "FR", catCompta: "Ventes France" };
export const CORSICA: AccountContext = { objRef: "C0002", zipcode: "20000", country: "FR", catCompta: "Ventes France" };
export const EXEMPT: AccountContext = { objRef: "C0003", zipcode: "13002", country: "FR", catCompta: "Ventes en suspension de taxe" };
export const EXPORT: AccountContext = { objRef: "C0004", zipcode: "1000", country: "BE", catCompta: "Ventes export" };

/** A Thursday and a Friday of November 2026. */
export const THURSDAY = "2026-11-19";
export const FRIDAY = "2026-11-20";

let lineCounter = 0;

/** An ordinary product line: 10.00 € net, 1 unit, 100 g, no ecotax. */
export function line(overrides: Partial<CartLine> = {}): CartLine {
  lineCounter += 1;
  return {
    obj_id: 100 + lineCounter,
    obj_ref: `REF-${lineCounter}`,
    obj_title: "Produit",
    obj_name: "produit",
    qty: 1,
    line_id: `l${lineCounter}`,
    prd_is_port: false,
    prd_price_selling: 1000,
    prc_price: 1000,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: 0,
    prd_ecotaxe: 0,
    prd_weight_gross: 100,
    prd_weight_net: 90,
    prd_sto_disp: 10,
    prd_refill_date: null,
    prd_refill_qte: null,
    certificates: [],
    obj_properties: {},
    ...overrides,
  };
}

export function product(overrides: Partial<NewCartProduct> = {}): NewCartProduct {
  const { line_id: _lineId, qty: _qty, certificates: _certificates, ...rest } = line(overrides);
  return rest;
}

export function cartOf(products: CartLine[], overrides: Partial<Cart> = {}): Cart {
  return { ...emptyCart(), products, ...overrides };
}

export function shippingContext(overrides: Partial<ShippingContext> = {}): ShippingContext {
  return {
    account: MAINLAND,
    today: THURSDAY,
    freeShippingEligible: false,
    shippingProducts: SHIPPING_PRODUCTS,
    families: FAMILIES,
    ...overrides,
  };
}

export function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    obj_id: 1,
    obj_ref: "C0001",
    obj_name: "Voilerie du Port",
    obj_title: "Voilerie du Port",
    obj_class: "organization",
    auth_org_id: 1,
    auth_expiry: "2026-12-01T00:00:00+01:00",
    adr_zipcode: "44000",
    adr_country: "FR",
    obj_properties: {},
    ...overrides,
  };
}

/** The references of a cart's shipping lines with their quantities, e.g. "PORT_MOTEUR×2". */
export function shippingSummary(cart: Cart): string[] {
  return cart.products
    .filter((entry) => entry.prd_is_port)
    .map((entry) => (entry.qty === 1 ? entry.obj_ref : `${entry.obj_ref}×${entry.qty}`));
}
