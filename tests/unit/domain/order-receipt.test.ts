import { describe, expect, it } from "vitest";
import type { Order } from "@shared/contracts/api";
import { orderReceiptRows } from "@shared/domain/order-receipt";

type OrderLine = Order["lines"][number];
const orderLine = (ref: string, qty: number, unit: number | null, port = false): OrderLine => ({
  obj_id: 1,
  obj_ref: ref,
  obj_title: port ? ref : `Produit ${ref}`,
  qty,
  prd_is_port: port,
  unit_price: unit,
  prd_ecotaxe: 0,
  line_total_ht: unit === null ? null : unit * qty,
});

/** Issue 24: 1 377,02 € of lines against 1 397,02 € on an order with direct delivery. */
describe("a confirmed order's rows", () => {
  it("lists the direct-delivery fee, so that the rows add up to the HT total", () => {
    const order = {
      ldd_active: true,
      ord_total_ht: 139_700,
      lines: [orderLine("GIL-100", 4, 32_500), orderLine("PORT_DS_AUTRE", 1, 2_500, true), orderLine("PORT_DS_ANTENNE", 1, 4_500, true), orderLine("ANT-1", 1, 700)],
    };
    const receipt = orderReceiptRows(order);
    expect(receipt.products.map((line) => line.ref)).toEqual(["GIL-100", "ANT-1"]);
    expect(receipt.shipping.rows.map((row) => [row.label, row.amount])).toEqual([
      ["Livraison directe : colis", 2_500],
      ["Livraison directe : antenne", 4_500],
      ["Forfait livraison directe (express)", 2_000],
    ]);
    expect([receipt.productsHt, receipt.shippingHt]).toEqual([130_700, 9_000]);
    expect((receipt.productsHt ?? 0) + (receipt.shippingHt ?? 0)).toBe(order.ord_total_ht);
  });

  it("has no sums when amounts are hidden", () => {
    const receipt = orderReceiptRows({ ldd_active: false, ord_total_ht: null, lines: [orderLine("GIL-100", 1, null), orderLine("PORT_FRANCO", 1, null, true)] });
    expect([receipt.productsHt, receipt.shippingHt]).toEqual([null, null]);
    expect(receipt.shipping.rows.map((row) => row.label)).toEqual(["Livraison gratuite des colis (franco de port)"]);
  });
});
