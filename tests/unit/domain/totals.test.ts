import { describe, expect, it } from "vitest";
import { computeTotals, shippingLine, withShipping } from "@shared/domain";
import { CORSICA, EXEMPT, EXPORT, MAINLAND, SHIPPING_PRODUCTS, cartOf, line, shippingContext } from "./fixtures";

const lightParcel = shippingLine(SHIPPING_PRODUCTS.find((entry) => entry.obj_ref === "PORT_EXT-1KG")!, 1);

/** 2 × 12.50 € with 0.15 € ecotax, 1 × 49.90 € promo (net 55.00 €), a 8.90 € parcel line. */
function sampleCart(lddActive: boolean) {
  return cartOf(
    [
      line({ qty: 2, prc_price: 1250, prd_ecotaxe: 15, prd_weight_gross: 300 }),
      line({ qty: 1, prc_price: 5500, prc_promo_price: 4990, prc_promo_name: "Printemps", prd_weight_gross: 1200 }),
      lightParcel,
    ],
    { ldd: { active: lddActive, price: 2000, tva: 0.2 } },
  );
}

describe("computeTotals: worked examples in cents", () => {
  it("plain account, ldd off: ecotax before VAT at 20 %", () => {
    expect(computeTotals(sampleCart(false), MAINLAND)).toEqual({
      productsHt: 7490, // 2 × 1250 + 4990
      shippingHt: 890,
      ht: 8380,
      ecotaxe: 30,
      tva: 1682, // (8380 + 30) × 0.2
      ttc: 10092,
      weightGrams: 1800,
    });
  });

  it("plain account, ldd on: the 20 € fee is shipping with its own VAT", () => {
    expect(computeTotals(sampleCart(true), MAINLAND)).toEqual({
      productsHt: 7490,
      shippingHt: 2890,
      ht: 10380,
      ecotaxe: 30,
      tva: 2082, // (8380 + 30) × 0.2 + 2000 × 0.2
      ttc: 12492,
      weightGrams: 1800,
    });
  });

  it("ldd fee at another rate", () => {
    const cart = { ...sampleCart(true), ldd: { active: true, price: 2000, tva: 0.1 } };
    expect(computeTotals(cart, MAINLAND).tva).toBe(1882);
  });

  it("tax-exempt account: no VAT, no ecotax", () => {
    expect(computeTotals(sampleCart(true), EXEMPT)).toMatchObject({ ht: 10380, ecotaxe: 0, tva: 0, ttc: 10380 });
  });

  it("export account: no VAT, no ecotax", () => {
    expect(computeTotals(sampleCart(false), EXPORT)).toMatchObject({ ht: 8380, ecotaxe: 0, tva: 0, ttc: 8380 });
  });

  it("Corsican account: shipping lines from the table, then totals", () => {
    const cart = withShipping(cartOf([line({ qty: 2, prc_price: 1250, prd_ecotaxe: 15, prd_weight_gross: 200 })]), shippingContext({ account: CORSICA }));
    expect(computeTotals(cart, CORSICA)).toEqual({
      productsHt: 2500,
      shippingHt: 2390, // PORT_EXT-1KG 890 + PORT_SUPP_CORSE 1500
      ht: 4890,
      ecotaxe: 30,
      tva: 984, // (4890 + 30) × 0.2
      ttc: 5904,
      weightGrams: 400,
    });
  });

  it("discount line: list price less the percentage, VAT rounded once", () => {
    const cart = cartOf([line({ qty: 3, prd_price_selling: 1999, prc_price: 0, prc_discount: 12.5 })]);
    // unit 1749.125 → 1749; 3 × 1749 = 5247; VAT 1049.4 → 1049
    expect(computeTotals(cart, MAINLAND)).toMatchObject({ productsHt: 5247, tva: 1049, ttc: 6296 });
  });

  it("an empty cart totals zero, and a negative ldd price is ignored", () => {
    const cart = cartOf([], { ldd: { active: true, price: -2000, tva: 0.2 } });
    expect(computeTotals(cart, MAINLAND)).toEqual({ productsHt: 0, shippingHt: 0, ht: 0, ecotaxe: 0, tva: 0, ttc: 0, weightGrams: 0 });
  });
});
