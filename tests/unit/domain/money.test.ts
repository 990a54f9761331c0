import { describe, expect, it } from "vitest";
import { applyPercentOff, eurosToCents, roundCents, vatOn } from "@shared/domain";

describe("money", () => {
  it("rounds halves away from zero and ignores binary noise", () => {
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(2.4999)).toBe(2);
    expect(roundCents(-2.5)).toBe(-3);
    expect(roundCents(1.005 * 100)).toBe(101); // 100.49999999999999 in binary, 100.5 on paper
    expect(roundCents(0)).toBe(0);
  });

  it("converts euros to cents", () => {
    expect(eurosToCents(20)).toBe(2000);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(19.99)).toBe(1999);
  });

  it("applies a percentage off, rounded to the cent", () => {
    expect(applyPercentOff(1000, 15)).toBe(850);
    expect(applyPercentOff(1050, 5)).toBe(998); // 997.5 → 998
    expect(applyPercentOff(999, 33.3)).toBe(666); // 666.333 → 666
    expect(applyPercentOff(1000, 0)).toBe(1000);
    expect(applyPercentOff(1000, 100)).toBe(0);
  });

  it("computes VAT at 20 % by default, or at a given rate", () => {
    expect(vatOn(1999)).toBe(400); // 399.8
    expect(vatOn(2000, 0.055)).toBe(110);
  });
});
