import { describe, expect, it } from "vitest";
import { SHIPPING_REFS } from "@shared/domain";
import { LDD_FEE_LABEL, SHIPPING_LABELS, shippingLabel } from "@shared/domain/shipping-labels";

/** Customers read French names, never the ERP's codes (issue 24, decision 0129). */
describe("shipping labels", () => {
  it("names every shipping reference of the spec (§9) in French, without its code", () => {
    expect(Object.keys(SHIPPING_LABELS).sort()).toEqual([...SHIPPING_REFS].sort());
    for (const ref of SHIPPING_REFS) {
      const label = shippingLabel(ref, ref);
      expect(label).toBe(SHIPPING_LABELS[ref]);
      expect(label).not.toMatch(/PORT|_|[A-Z]{4,}(?!\))/);
    }
    expect(new Set(Object.values(SHIPPING_LABELS)).size).toBe(SHIPPING_REFS.length);
    expect(LDD_FEE_LABEL).toBe("Forfait livraison directe (express)");
  });

  it("reads a reference as typed", () => {
    expect(shippingLabel(" port_ds_antenne ")).toBe("Livraison directe : antenne");
  });

  it("shows an unknown line's title, and never a code", () => {
    expect(shippingLabel("PORT_DRONE", "Livraison par drone")).toBe("Livraison par drone");
    expect(shippingLabel("PORT_DRONE", "  Livraison par drone ")).toBe("Livraison par drone");
    expect(shippingLabel("PORT_DRONE", "PORT_DRONE")).toBe("Frais de port");
    expect(shippingLabel("PORT_DRONE")).toBe("Frais de port");
  });
});
