import { describe, expect, it } from "vitest";
import { isPromotionApplied, lineEcotaxe, lineNetPrice, lineTotalHt, lineUnitPrice, lineWeightGrams } from "@shared/domain";
import { line } from "./fixtures";

describe("unit price precedence (docs/decisions/0004)", () => {
  it("uses the customer's net price when there is one, even with a discount shown", () => {
    const priced = line({ prd_price_selling: 2000, prc_price: 1700, prc_discount: 15 });
    expect(lineNetPrice(priced)).toBe(1700);
    expect(lineUnitPrice(priced)).toBe(1700);
  });

  it("falls back to the list price less the discount, rounded to the cent", () => {
    expect(lineUnitPrice(line({ prd_price_selling: 1999, prc_price: 0, prc_discount: 12.5 }))).toBe(1749); // 1749.125
    expect(lineUnitPrice(line({ prd_price_selling: 2000, prc_price: 0, prc_discount: 0 }))).toBe(2000);
  });

  it("takes a promotion only when it is lower than the net price", () => {
    const promo = line({ prc_price: 1700, prc_promo_price: 1500, prc_promo_name: "Salon nautique" });
    expect(lineUnitPrice(promo)).toBe(1500);
    expect(isPromotionApplied(promo)).toBe(true);
    const dearerPromo = line({ prc_price: 1400, prc_promo_price: 1500 });
    expect(lineUnitPrice(dearerPromo)).toBe(1400);
    expect(isPromotionApplied(dearerPromo)).toBe(false);
    expect(isPromotionApplied(line({ prc_promo_price: null }))).toBe(false);
    // A promotion at the net price changes nothing: no promotion to show.
    expect(isPromotionApplied(line({ prc_price: 1500, prc_promo_price: 1500 }))).toBe(false);
  });

  it("compares the promotion with the discounted list price too", () => {
    expect(lineUnitPrice(line({ prd_price_selling: 2000, prc_price: 0, prc_discount: 30, prc_promo_price: 1500 }))).toBe(1400);
  });

  it("never returns a negative price", () => {
    expect(lineUnitPrice(line({ prc_price: 0, prd_price_selling: -500 }))).toBe(0);
    expect(lineUnitPrice(line({ prc_promo_price: -1 }))).toBe(0);
  });
});

describe("line amounts", () => {
  it("multiplies by the quantity", () => {
    const entry = line({ qty: 3, prc_price: 1250, prd_ecotaxe: 15, prd_weight_gross: 400 });
    expect(lineTotalHt(entry)).toBe(3750);
    expect(lineEcotaxe(entry)).toBe(45);
    expect(lineWeightGrams(entry)).toBe(1200);
  });

  it("ignores a negative ecotax and weighs by the net weight when the gross is unknown", () => {
    expect(lineEcotaxe(line({ qty: 2, prd_ecotaxe: -10 }))).toBe(0);
    expect(lineWeightGrams(line({ qty: 2, prd_weight_gross: 0, prd_weight_net: 350 }))).toBe(700);
  });
});
