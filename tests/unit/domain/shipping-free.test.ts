import { describe, expect, it } from "vitest";
import { freeShippingProgress } from "@shared/domain/shipping-free";
import { CORSICA, EXPORT, cartOf, line, shippingContext } from "./fixtures";

/** « Plus que X € pour la livraison gratuite » (spec §9: eligibility and 50 € of products, shipping lines excluded). */
describe("how far free shipping is", () => {
  const eligible = shippingContext({ freeShippingEligible: true });

  it("counts the products still to add, shipping lines excluded", () => {
    expect(freeShippingProgress(cartOf([line({ prc_price: 1200, qty: 3 })]), eligible)).toEqual({ missing: 1400, othersCharged: false });
    expect(freeShippingProgress(cartOf([line({ prc_price: 5000 })]), eligible)).toEqual({ missing: 0, othersCharged: false });
    expect(
      freeShippingProgress(cartOf([line({ prc_price: 4999 })]), shippingContext({ freeShippingEligible: true, account: CORSICA }))?.missing,
    ).toBe(1);
  });

  it("says that motors and antennas stay charged", () => {
    expect(freeShippingProgress(cartOf([line(), line({ obj_ref: "MOT-15CV" })]), eligible)?.othersCharged).toBe(true);
    expect(freeShippingProgress(cartOf([line(), line({ obj_ref: "ANT-VHF" })]), eligible)?.othersCharged).toBe(true);
  });

  it("promises nothing where no amount would bring it", () => {
    expect(freeShippingProgress(cartOf([line()]), shippingContext())).toBeNull();
    expect(freeShippingProgress(cartOf([line()], { ldd: { active: true, price: 2000, tva: 0.2 } }), eligible)).toBeNull();
    expect(freeShippingProgress(cartOf([line()]), shippingContext({ freeShippingEligible: true, account: EXPORT }))).toBeNull();
    expect(freeShippingProgress(cartOf([line({ obj_ref: "MOT-15CV" })]), eligible)).toBeNull();
    expect(freeShippingProgress(cartOf([]), eligible)).toBeNull();
  });
});
