import { describe, expect, it } from "vitest";
import { computeTotals, setOptions, withShipping } from "@shared/domain";
import { optionCosts } from "@shared/domain/shipping-options";
import { EXPORT, FRIDAY, cartOf, line, shippingContext } from "./fixtures";

/**
 * Issue 24: the express option said « forfait 20,00 € HT » while the shipping went from 37 € to
 * 102 €. What an option adds is the shipping with it on less the shipping with it off.
 */
describe("what a delivery option adds to the shipping", () => {
  const parcelAndAntenna = () => cartOf([line(), line({ obj_ref: "ANT-VHF" })]);
  const shippingHt = (cart: ReturnType<typeof cartOf>, ctx = shippingContext()) =>
    computeTotals(withShipping(cart, ctx), ctx.account).shippingHt;

  it("direct delivery: its own lines replace the standard ones, and its fee comes on top", () => {
    const cart = parcelAndAntenna();
    // Standard: EXT-1KG 890 + ANTENNE 2500. Direct: DS_AUTRE 1290 + DS_ANTENNE 2900 + fee 2000.
    expect(shippingHt(cart)).toBe(3390);
    expect(shippingHt(setOptions(cart, { lddActive: true }))).toBe(6190);
    expect(optionCosts(cart, shippingContext()).ldd).toBe(2800);
    // The same whether the option is on or off when asked.
    expect(optionCosts(setOptions(cart, { lddActive: true }), shippingContext()).ldd).toBe(2800);
  });

  it("direct delivery loses free shipping: its cost counts the franco given up", () => {
    const ctx = shippingContext({ freeShippingEligible: true });
    expect(optionCosts(cartOf([line({ prc_price: 6000 })]), ctx).ldd).toBe(1290 + 2000);
  });

  it("direct delivery abroad adds its fee only (carriage is quoted apart)", () => {
    expect(optionCosts(parcelAndAntenna(), shippingContext({ account: EXPORT })).ldd).toBe(2000);
  });

  it("Saturday costs its line on a Friday and nothing on another day", () => {
    expect(optionCosts(parcelAndAntenna(), shippingContext({ today: FRIDAY })).saturday).toBe(2000);
    expect(optionCosts(parcelAndAntenna(), shippingContext()).saturday).toBe(0);
    // The same whether the option is on or off when asked.
    expect(optionCosts(setOptions(parcelAndAntenna(), { saturday: true }), shippingContext({ today: FRIDAY })).saturday).toBe(2000);
  });
});
