import type { CartLineView, CartView } from "~/services/cart/types";

/** A cart line as /mon-panier draws it: a plain product, prices shown, nothing to fix. */
export const CART_LINE: CartLineView = {
  lineId: "l-1",
  productId: 7,
  ref: "AVF1500001",
  title: "Gilet autogonflant 150 N",
  picture: null,
  discontinued: false,
  qty: 2,
  listPrice: 28490,
  unitPrice: 21368,
  discountPercent: null,
  promoName: null,
  ecotaxe: 24,
  lineTotal: 42760,
  stock: 3,
  refillDate: null,
  refillQty: null,
  availability: null,
  needsCertificates: false,
  quote: null,
  quoteExpired: null,
  certificates: [],
  problems: [],
};

/** A shipping line as the cart view carries it (its amounts; the label is the page's). */
export const SHIPPING_LINE: CartLineView = {
  ...CART_LINE,
  lineId: "port-PORT_EXT-1KG",
  productId: 9001,
  ref: "PORT_EXT-1KG",
  title: "Frais de port colis de moins de 1 kg",
  qty: 1,
  listPrice: 900,
  unitPrice: 900,
  ecotaxe: null,
  lineTotal: 900,
  stock: 0,
};

/** The cart of an account that may edit it and see its prices, on a day that is not a Friday. */
export const CART_VIEW: CartView = {
  version: 4,
  ref: "",
  comments: "",
  saturday: false,
  lddActive: false,
  lddPrice: 2500,
  partialDelivery: false,
  optionCosts: { ldd: 4500, saturday: 0 },
  freeShipping: null,
  lines: [CART_LINE],
  shippingLines: [],
  totals: { productsHt: 42_760, shippingHt: 0, totalHt: 42_760, ecotaxe: 24, tva: 8552, ttc: 51_312 },
  taxExempt: false,
  showsEcotaxe: true,
  todayIsFriday: false,
  canEdit: true,
  canSeePrices: true,
};
