import { describe, expect, it } from "vitest";
import type { OrderDetail } from "@shared/contracts/orders";
import { orderPageAmounts } from "@shared/domain/order-amounts";

type Source = Parameters<typeof orderPageAmounts>[0];
type DetailLine = OrderDetail["lines"][number];

const line = (objId: number, ordered: number, unit: number | null, ecotaxe: number | null): DetailLine =>
  ({ obj_id: objId, ordered, unit_price: unit, prd_ecotaxe: ecotaxe, line_total_ht: unit === null ? null : unit * ordered }) as DetailLine;

/** Issue 32: « Total HT 1 200,25 € / Dont écotaxe 1,75 € » on the page, 1 202,00 € on the invoice. */
describe("an order page's amounts (decision 0161)", () => {
  const order: Source = {
    lines: [line(1, 3, 30_000, 25), line(2, 2, 14_500, 50), line(3, 1, 1_000, 0)],
    shipping_lines: [{ obj_ref: "PORT_EXT+1KG", obj_title: "Colis", amount_ht: 25 }],
    options: { partialDelivery: false, saturday: false, ldd_active: true },
    ord_total_ht: 120_025 + 2_000 - 2_000,
    ord_total_ecotaxe: 175,
    ord_total_tva: 24_040,
    ord_total_ttc: 144_240,
  };

  it("puts the ecotax inside each line's and the order's HT total, and the lines add up to it", () => {
    const withFee = { ...order, ord_total_ht: 122_025, ord_total_tva: 24_440, ord_total_ttc: 146_640 };
    const amounts = orderPageAmounts(withFee);
    expect(amounts.lines).toEqual([
      { objId: 1, ecotaxe: 75, totalHt: 90_075 },
      { objId: 2, ecotaxe: 100, totalHt: 29_100 },
      { objId: 3, ecotaxe: 0, totalHt: 1_000 },
    ]);
    // 25 of parcel and the 20 € express fee (what the HT total holds beyond the lines).
    expect(amounts.totals).toEqual({ productsHt: 120_175, shippingHt: 2_025, totalHt: 122_200, ecotaxe: 175, tva: 24_440, ttc: 146_640 });
  });

  it("shows no ecotax on the lines of an order that paid none (exempt account)", () => {
    const amounts = orderPageAmounts({
      ...order,
      options: { ...order.options, ldd_active: false },
      ord_total_ecotaxe: 0,
      ord_total_tva: 0,
      ord_total_ttc: 120_025,
    });
    expect(amounts.lines.map((entry) => entry.ecotaxe)).toEqual([0, 0, 0]);
    expect(amounts.totals?.totalHt).toBe(120_025);
  });

  it("has no totals when amounts are hidden", () => {
    const hidden = { ord_total_ht: null, ord_total_ecotaxe: null, ord_total_tva: null, ord_total_ttc: null };
    const amounts = orderPageAmounts({
      ...order,
      ...hidden,
      lines: [line(1, 3, null, null)],
      shipping_lines: [{ obj_ref: "PORT_FRANCO", obj_title: "Franco", amount_ht: null }],
    });
    expect(amounts).toEqual({ lines: [{ objId: 1, ecotaxe: null, totalHt: null }], totals: null });
  });

  it("has no totals as soon as one amount is missing, the others being there", () => {
    const withFee = { ...order, ord_total_ht: 122_025, ord_total_tva: 24_440, ord_total_ttc: 146_640 };
    for (const missing of ["ord_total_ht", "ord_total_ecotaxe", "ord_total_tva", "ord_total_ttc"] as const) {
      expect(orderPageAmounts({ ...withFee, [missing]: null }).totals, missing).toBeNull();
    }
    const hiddenLine = { ...withFee, lines: [...withFee.lines, line(4, 1, null, 0)] };
    expect(orderPageAmounts(hiddenLine).totals, "a line's amount").toBeNull();
    const hiddenShipping = { ...withFee, shipping_lines: [{ obj_ref: "PORT_EXT+1KG", obj_title: "Colis", amount_ht: null }] };
    expect(orderPageAmounts(hiddenShipping).totals, "a shipping amount").toBeNull();
  });
});
