import { describe, expect, it } from "vitest";
import type { Order } from "@shared/contracts/api";
import { orderReceiptRows } from "@shared/domain/order-receipt";

type OrderLine = Order["lines"][number];
const orderLine = (ref: string, qty: number, unit: number | null, port = false, ecotaxe = 0): OrderLine => ({
  obj_id: 1,
  obj_ref: ref,
  obj_title: port ? ref : `Produit ${ref}`,
  qty,
  prd_is_port: port,
  unit_price: unit,
  prd_ecotaxe: unit === null ? null : ecotaxe,
  line_total_ht: unit === null ? null : unit * qty,
});

/** Issue 24: 1 377,02 € of lines against 1 397,02 € on an order with direct delivery. */
describe("a confirmed order's rows", () => {
  it("lists the direct-delivery fee, so that the rows add up to the HT total", () => {
    const order = {
      ldd_active: true,
      ord_total_ht: 139_700,
      ord_total_ecotaxe: 0,
      ord_total_tva: 27_940,
      ord_total_ttc: 167_640,
      lines: [
        orderLine("GIL-100", 4, 32_500),
        orderLine("PORT_DS_AUTRE", 1, 2_500, true),
        orderLine("PORT_DS_ANTENNE", 1, 4_500, true),
        orderLine("ANT-1", 1, 700),
      ],
    };
    const receipt = orderReceiptRows(order);
    expect(receipt.products.map((line) => line.ref)).toEqual(["GIL-100", "ANT-1"]);
    expect(receipt.shipping.rows.map((row) => [row.label, row.amount])).toEqual([
      ["Livraison directe : colis", 2_500],
      ["Livraison directe : antenne", 4_500],
      ["Forfait livraison directe (express)", 2_000],
    ]);
    expect(receipt.totals).toEqual({ productsHt: 130_700, shippingHt: 9_000, totalHt: 139_700, ecotaxe: 0, tva: 27_940, ttc: 167_640 });
  });

  it("puts each line's ecotax in its « Total HT », so that the lines add up to the HT total with the ecotax (decision 0161)", () => {
    // 120 025 of goods and shipping without the ecotax, 175 of ecotax: the invoice's HT is 120 200.
    const lines = [
      orderLine("GIL-100", 3, 30_000, false, 25),
      orderLine("BOU-2", 2, 14_500, false, 50),
      orderLine("CORD-3", 1, 1_025),
      orderLine("PORT_EXT+1KG", 1, 0, true),
    ];
    const receipt = orderReceiptRows({
      ldd_active: false,
      ord_total_ht: 120_025,
      ord_total_ecotaxe: 175,
      ord_total_tva: 24_040,
      ord_total_ttc: 144_240,
      lines,
    });
    expect(receipt.products.map((line) => [line.ecotaxe, line.amount])).toEqual([
      [75, 90_075],
      [100, 29_100],
      [0, 1_025],
    ]);
    expect(receipt.totals).toEqual({ productsHt: 120_200, shippingHt: 0, totalHt: 120_200, ecotaxe: 175, tva: 24_040, ttc: 144_240 });
    const exempt = orderReceiptRows({
      ldd_active: false,
      ord_total_ht: 120_025,
      ord_total_ecotaxe: 0,
      ord_total_tva: 0,
      ord_total_ttc: 120_025,
      lines,
    });
    expect(exempt.products.map((line) => line.amount)).toEqual([90_000, 29_000, 1_025]);
    expect(exempt.totals?.totalHt).toBe(120_025);
  });

  it("has no sums when amounts are hidden", () => {
    const hidden = { ord_total_ht: null, ord_total_ecotaxe: null, ord_total_tva: null, ord_total_ttc: null };
    const receipt = orderReceiptRows({
      ldd_active: false,
      ...hidden,
      lines: [orderLine("GIL-100", 1, null), orderLine("PORT_FRANCO", 1, null, true)],
    });
    expect(receipt.totals).toBeNull();
    expect(receipt.products.map((line) => [line.ecotaxe, line.amount])).toEqual([[null, null]]);
    expect(receipt.shipping.rows.map((row) => row.label)).toEqual(["Livraison gratuite des colis (franco de port)"]);
  });

  it("has no sums as soon as one amount is missing, the others being there", () => {
    const lines = [orderLine("GIL-100", 3, 30_000, false, 25), orderLine("PORT_EXT+1KG", 1, 2_500, true)];
    const order = { ldd_active: false, ord_total_ht: 92_500, ord_total_ecotaxe: 75, ord_total_tva: 18_515, ord_total_ttc: 111_090, lines };
    expect(orderReceiptRows(order).totals).not.toBeNull();
    for (const missing of ["ord_total_ht", "ord_total_ecotaxe", "ord_total_tva", "ord_total_ttc"] as const) {
      expect(orderReceiptRows({ ...order, [missing]: null }).totals, missing).toBeNull();
    }
    expect(orderReceiptRows({ ...order, lines: [...lines, orderLine("BOU-2", 1, null)] }).totals, "a line's amount").toBeNull();
    expect(
      orderReceiptRows({ ...order, lines: [lines[0]!, orderLine("PORT_EXT+1KG", 1, null, true)] }).totals,
      "a shipping amount",
    ).toBeNull();
  });

  it("has no line ecotax when the line's or the order's ecotax is unknown", () => {
    const lines = [orderLine("GIL-100", 3, 30_000, false, 25)];
    const order = { ldd_active: false, ord_total_ht: 90_000, ord_total_ecotaxe: 75, ord_total_tva: 18_015, ord_total_ttc: 108_090, lines };
    expect(orderReceiptRows({ ...order, ord_total_ecotaxe: null }).products[0]?.ecotaxe).toBeNull();
    expect(orderReceiptRows({ ...order, lines: [{ ...lines[0]!, prd_ecotaxe: null }] }).products[0]?.ecotaxe).toBeNull();
  });
});

describe("a confirmed order's own codes", () => {
  it("gives each product line the code it was ordered under, null when it had none or the answer names none", () => {
    const receipt = orderReceiptRows({
      ldd_active: false,
      ord_total_ht: null,
      ord_total_ecotaxe: null,
      ord_total_tva: null,
      ord_total_ttc: null,
      lines: [
        { ...orderLine("GIL-100", 1, null), customer_code: "VA-CORD 08 #2" },
        { ...orderLine("BOU-2", 1, null), customer_code: null },
        orderLine("CORD-3", 1, null),
        orderLine("PORT_FRANCO", 1, null, true),
      ],
    });
    expect(receipt.products.map((line) => [line.ref, line.ownCode])).toEqual([
      ["GIL-100", "VA-CORD 08 #2"],
      ["BOU-2", null],
      ["CORD-3", null],
    ]);
  });
});
