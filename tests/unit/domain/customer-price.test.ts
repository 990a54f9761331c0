import { describe, expect, it } from "vitest";
import {
  NO_CONDITIONS,
  applicableCondition,
  conditionRunsOn,
  customerNetPrice,
  discountedPrice,
  impliedDiscount,
  type PriceCondition,
  type PriceConditions,
} from "@shared/domain/customer-price";

const TODAY = "2026-06-15";
const BRAND = 7;
const LIFE_JACKET = { id: 1, brand_id: BRAND, price_selling: 10000 };
const NO_BRAND = { id: 2, brand_id: null, price_selling: 10000 };

const net = (price: number, starts_on: string | null = null, ends_on: string | null = null): PriceCondition => ({
  price,
  discount: null,
  starts_on,
  ends_on,
});
const off = (discount: number, starts_on: string | null = null, ends_on: string | null = null): PriceCondition => ({
  price: null,
  discount,
  starts_on,
  ends_on,
});

function conditions(onProduct: PriceCondition[] = [], onBrand: PriceCondition[] = []): PriceConditions {
  return { products: new Map([[LIFE_JACKET.id, onProduct]]), brands: new Map([[BRAND, onBrand]]) };
}

describe("the customer's net price: own conditions, then its price group's, then the list price", () => {
  it("takes the list price without any condition", () => {
    expect(customerNetPrice(LIFE_JACKET, NO_CONDITIONS, null, TODAY)).toEqual({ price: 10000, discount: 0 });
    expect(customerNetPrice(LIFE_JACKET, NO_CONDITIONS, NO_CONDITIONS, TODAY)).toEqual({ price: 10000, discount: 0 });
  });

  it("ranks own net price > own product discount > own brand discount > group net price > group product discount > group brand discount", () => {
    const group = conditions([net(8500), off(30)], [off(40)]);
    const all = conditions([net(9000), off(10)], [off(20)]);
    expect(customerNetPrice(LIFE_JACKET, all, group, TODAY)).toEqual({ price: 9000, discount: 10 });
    expect(customerNetPrice(LIFE_JACKET, conditions([off(10)], [off(20)]), group, TODAY)).toEqual({ price: 9000, discount: 10 });
    expect(customerNetPrice(LIFE_JACKET, conditions([], [off(20)]), group, TODAY)).toEqual({ price: 8000, discount: 20 });
    expect(customerNetPrice(LIFE_JACKET, NO_CONDITIONS, group, TODAY)).toEqual({ price: 8500, discount: 15 });
    expect(customerNetPrice(LIFE_JACKET, NO_CONDITIONS, conditions([off(30)], [off(40)]), TODAY)).toEqual({ price: 7000, discount: 30 });
    expect(customerNetPrice(LIFE_JACKET, NO_CONDITIONS, conditions([], [off(40)]), TODAY)).toEqual({ price: 6000, discount: 40 });
  });

  it("uses no brand discount for a product without a brand", () => {
    expect(customerNetPrice(NO_BRAND, conditions([], [off(20)]), conditions([], [off(40)]), TODAY)).toEqual({ price: 10000, discount: 0 });
  });

  it("applies a dated condition only between its days, both included", () => {
    const summer = conditions([net(7500, "2026-06-15", "2026-06-30")]);
    expect(customerNetPrice(LIFE_JACKET, summer, null, "2026-06-14").price).toBe(10000);
    expect(customerNetPrice(LIFE_JACKET, summer, null, "2026-06-15").price).toBe(7500);
    expect(customerNetPrice(LIFE_JACKET, summer, null, "2026-06-30").price).toBe(7500);
    expect(customerNetPrice(LIFE_JACKET, summer, null, "2026-07-01").price).toBe(10000);
    // Once the customer's own dated price is over, its group's applies again.
    expect(customerNetPrice(LIFE_JACKET, summer, conditions([off(5)]), "2026-07-01")).toEqual({ price: 9500, discount: 5 });
  });

  it("prefers, within a rank, the latest started condition; an undated one comes last", () => {
    const prices = [net(9000), net(8500, "2026-01-01"), net(8000, "2026-06-01", "2026-06-10"), net(8800, "2026-03-01")];
    expect(applicableCondition(prices, TODAY)).toEqual(net(8800, "2026-03-01"));
    expect(applicableCondition(prices, "2026-06-05")).toEqual(net(8000, "2026-06-01", "2026-06-10"));
    expect(applicableCondition(prices, "2025-12-31")).toEqual(net(9000));
    expect(applicableCondition([net(8500, "2026-01-01"), net(9000)], TODAY)).toEqual(net(8500, "2026-01-01"));
    expect(applicableCondition(undefined, TODAY)).toBeNull();
  });

  it("takes a net price before a discount of the same level, even a dated discount", () => {
    expect(applicableCondition([off(30, "2026-06-01"), net(9000)], TODAY)).toEqual(net(9000));
    expect(applicableCondition([net(9000), off(30, "2026-06-01")], TODAY)).toEqual(net(9000));
  });

  it("shows the discount a net price makes off the list price, never negative, two decimals", () => {
    expect(customerNetPrice(LIFE_JACKET, conditions([net(11000)]), null, TODAY)).toEqual({ price: 11000, discount: 0 });
    expect(impliedDiscount(3000, 2000)).toBe(33.33);
    expect(impliedDiscount(0, 500)).toBe(0);
    expect(impliedDiscount(1000, 1000)).toBe(0);
  });

  it("rounds a discounted price half away from zero, in integers", () => {
    // 12.5 % off 1.00 € is 0.875 €: 0.88 €.
    expect(discountedPrice(100, 12.5)).toBe(88);
    expect(discountedPrice(2990, 33.33)).toBe(1993);
    expect(discountedPrice(0, 50)).toBe(0);
    expect(discountedPrice(12345, 100)).toBe(0);
  });

  it("tells whether a condition runs on a day", () => {
    expect(conditionRunsOn(net(1), TODAY)).toBe(true);
    expect(conditionRunsOn(net(1, null, "2026-06-14"), TODAY)).toBe(false);
    expect(conditionRunsOn(net(1, "2026-06-16", null), TODAY)).toBe(false);
  });
});
