import { describe, expect, it } from "vitest";
import {
  FRANCO_BESIDE_CHARGES,
  LDD_ROW_KEY,
  orderLddFee,
  shippingDisplay,
  sumOfAmounts,
  type ShippingAmountLine,
} from "@shared/domain/shipping-display";

const shippingLine = (ref: string, amount: number | null, qty = 1): ShippingAmountLine => ({
  ref,
  title: ref,
  qty,
  unitPrice: amount,
  amount,
});

describe("shipping rows as a buyer reads them", () => {
  it("shows the direct-delivery fee as a row, so the rows add up to the shipping total", () => {
    const { rows, francoNote } = shippingDisplay([shippingLine("PORT_DS_AUTRE", 1290), shippingLine("PORT_DS_ANTENNE", 2900)], 2000);
    expect(rows.map((row) => [row.key, row.label, row.amount])).toEqual([
      ["PORT_DS_AUTRE", "Livraison directe : colis", 1290],
      ["PORT_DS_ANTENNE", "Livraison directe : antenne", 2900],
      [LDD_ROW_KEY, "Forfait livraison directe (express)", 2000],
    ]);
    expect(sumOfAmounts(rows.map((row) => row.amount))).toBe(6190);
    expect(francoNote).toBeNull();
  });

  it("shows free shipping as a row when it stands alone", () => {
    const { rows, francoNote } = shippingDisplay([shippingLine("PORT_FRANCO", 0)], null);
    expect(rows.map((row) => [row.key, row.label, row.amount])).toEqual([
      ["PORT_FRANCO", "Livraison gratuite des colis (franco de port)", 0],
    ]);
    expect(francoNote).toBeNull();
  });

  it("says free shipping in words beside paid lines instead of a « 0,00 € » row", () => {
    const { rows, francoNote } = shippingDisplay([shippingLine("PORT_FRANCO", 0), shippingLine("PORT_SUPP_CORSE", 1500)], null);
    expect(rows.map((row) => row.key)).toEqual(["PORT_SUPP_CORSE"]);
    expect(francoNote).toBe(FRANCO_BESIDE_CHARGES);
    // Without prices the free line is still the free line.
    expect(
      shippingDisplay([shippingLine("PORT_FRANCO", null), shippingLine("PORT_ANTENNE", null)], null).rows.map((row) => row.key),
    ).toEqual(["PORT_ANTENNE"]);
  });

  it("keeps a franco line that costs something (a price list's error must show)", () => {
    expect(
      shippingDisplay([shippingLine("PORT_FRANCO", 100), shippingLine("PORT_ANTENNE", 2500)], null).rows.map((row) => row.key),
    ).toEqual(["PORT_FRANCO", "PORT_ANTENNE"]);
  });

  it("has no row for a cart without shipping", () => {
    expect(shippingDisplay([], null)).toEqual({ rows: [], francoNote: null });
  });
});

describe("the direct-delivery fee of a stored order", () => {
  it("is what the HT total has beyond the lines, when the option was on", () => {
    expect(orderLddFee(true, 139_702, [130_000, 7_702])).toBe(2_000);
    expect(orderLddFee(false, 139_702, [130_000, 7_702])).toBeNull();
    expect(orderLddFee(true, 100, [200])).toBe(0);
  });

  it("is unknown when an amount is hidden", () => {
    expect(orderLddFee(true, null, [100])).toBeNull();
    expect(orderLddFee(true, 3_000, [100, null])).toBeNull();
    expect(sumOfAmounts([])).toBe(0);
  });
});
