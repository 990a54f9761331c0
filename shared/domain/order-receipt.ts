import type { Order } from "../contracts/api";
import { orderLddFee, shippingDisplay, sumOfAmounts, type ShippingDisplay } from "./shipping-display";

/**
 * A confirmed order as its confirmation page and e-mail show it: its product lines, its
 * shipping amounts as rows (the direct-delivery fee included, French names), and the two
 * subtotals those rows make, so that what is listed adds up to the stored totals.
 */

export interface ReceiptProductLine {
  ref: string;
  title: string;
  qty: number;
  unitPrice: number | null;
  amount: number | null;
}

export interface OrderReceiptRows {
  products: ReceiptProductLine[];
  shipping: ShippingDisplay;
  /** Σ of the product lines; null when an amount is hidden. */
  productsHt: number | null;
  /** Σ of the shipping rows; null when an amount is hidden. */
  shippingHt: number | null;
}

export function orderReceiptRows(order: Pick<Order, "lines" | "ldd_active" | "ord_total_ht">): OrderReceiptRows {
  const products = order.lines
    .filter((line) => !line.prd_is_port)
    .map((line) => ({ ref: line.obj_ref, title: line.obj_title, qty: line.qty, unitPrice: line.unit_price, amount: line.line_total_ht }));
  const shippingLines = order.lines
    .filter((line) => line.prd_is_port)
    .map((line) => ({ ref: line.obj_ref, title: line.obj_title, qty: line.qty, unitPrice: line.unit_price, amount: line.line_total_ht }));
  const lddFee = orderLddFee(order.ldd_active, order.ord_total_ht, order.lines.map((line) => line.line_total_ht));
  const shipping = shippingDisplay(shippingLines, lddFee);
  return {
    products,
    shipping,
    productsHt: sumOfAmounts(products.map((line) => line.amount)),
    shippingHt: sumOfAmounts(shipping.rows.map((row) => row.amount)),
  };
}
