import { describe, expect, it } from "vitest";
import type { Cart, CartAnswer } from "@shared/contracts/entities";
import { emptyCart } from "@shared/domain/index";
import { heldCart, isPricedCart } from "~/services/upstream/held-cart.server";

/** The portal's hold of a cart answered without amounts (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md). */
const line: Cart["products"][number] = {
  obj_id: 7,
  obj_ref: "GIL-100",
  obj_title: "Gilet",
  obj_name: "",
  qty: 2,
  line_id: "l-1",
  prd_is_port: false,
  prd_price_selling: 5000,
  prc_price: 4500,
  prc_promo_price: 4000,
  prc_promo_name: "Salon",
  prc_discount: 10,
  prd_ecotaxe: 12,
  prd_weight_gross: 900,
  prd_weight_net: 800,
  prd_sto_disp: 3,
  prd_refill_date: null,
  prd_refill_qte: null,
  certificates: [],
  obj_properties: {},
  quote: { number: "DV-2026-000001", unit_price: 3900, valid_until: "2026-12-31" },
};
const priced: Cart = { ...emptyCart(), products: [line] };
const bare: CartAnswer = {
  ...priced,
  ldd: { ...priced.ldd, price: null },
  products: [
    {
      ...line,
      prd_price_selling: null,
      prc_price: null,
      prc_promo_price: null,
      prc_promo_name: null,
      prc_discount: null,
      prd_ecotaxe: null,
      quote: { number: "DV-2026-000001", unit_price: null, valid_until: "2026-12-31" },
    },
  ],
};

describe("heldCart", () => {
  it("keeps a cart with its amounts as it is", () => {
    expect(isPricedCart(priced)).toBe(true);
    expect(heldCart({ cart: priced, version: 4 })).toEqual({ cart: priced, version: 4 });
  });

  it("marks a cart without amounts and puts 0 in their place, the rest kept", () => {
    const held = heldCart({ cart: bare, version: 4 });
    expect(held.amountsHidden).toBe(true);
    expect(held.cart.ldd.price).toBe(0);
    expect(held.cart.products[0]).toMatchObject({
      qty: 2,
      prd_sto_disp: 3,
      prd_price_selling: 0,
      prc_price: 0,
      prc_discount: 0,
      prd_ecotaxe: 0,
      prc_promo_price: null,
      quote: { unit_price: 0 },
    });
  });

  it.each([
    ["a quote's unit price", { quote: { number: "DV-2026-000001", unit_price: null, valid_until: "2026-12-31" } }],
    ["the ecotax", { prd_ecotaxe: null }],
    ["the discount", { prc_discount: null }],
  ])("takes a cart missing only %s for one without amounts", (_what, change) => {
    const cart: CartAnswer = { ...priced, products: [{ ...line, ...change }] };
    expect(isPricedCart(cart)).toBe(false);
    expect(heldCart({ cart, version: 1 }).amountsHidden).toBe(true);
  });
});
