import type { Order } from "../contracts/api";
import { orderLddFee, shippingDisplay, sumOfAmounts, type ShippingDisplay } from "./shipping-display";
import { shownLineHt, type ShownTotals } from "./totals";

/**
 * A confirmed order as its confirmation page and e-mail show it: its product lines, its
 * shipping amounts as rows (the direct-delivery fee included, French names), and the totals
 * those rows make, so that what is listed adds up to the stored totals. A product line's
 * amount includes its ecotax (decision 0161), as on the invoice.
 */

export interface ReceiptProductLine {
  ref: string;
  title: string;
  qty: number;
  unitPrice: number | null;
  /** qty × unit ecotax when the order charged ecotax, else 0; null when amounts are hidden. */
  ecotaxe: number | null;
  /** The line's « Total HT »: net amount with its ecotax. */
  amount: number | null;
  /** The organization's own code for the product when it was ordered (docs/part-numbers.md), or null. */
  ownCode: string | null;
}

export interface OrderReceiptRows {
  products: ReceiptProductLine[];
  shipping: ShippingDisplay;
  /** The order's totals as shown (ecotax inside the HT total); null when an amount is hidden. */
  totals: ShownTotals | null;
}

type ReceiptSource = Pick<Order, "lines" | "ldd_active" | "ord_total_ht" | "ord_total_ecotaxe" | "ord_total_tva" | "ord_total_ttc">;

/**
 * A stored line's ecotax: the order stores the unit ecotax even for an exempt account, whose
 * ecotax total is 0 (an account pays ecotax on every line or on none).
 */
export function orderLineEcotaxe(line: { qty: number; prd_ecotaxe: number | null }, orderEcotaxe: number | null): number | null {
  if (line.prd_ecotaxe === null || orderEcotaxe === null) return null;
  return orderEcotaxe > 0 ? line.qty * Math.max(0, line.prd_ecotaxe) : 0;
}

export function orderReceiptRows(order: ReceiptSource): OrderReceiptRows {
  const products = order.lines
    .filter((line) => !line.prd_is_port)
    .map((line) => {
      const ecotaxe = orderLineEcotaxe(line, order.ord_total_ecotaxe);
      return {
        ref: line.obj_ref,
        title: line.obj_title,
        qty: line.qty,
        unitPrice: line.unit_price,
        ecotaxe,
        amount: shownLineHt(line.line_total_ht, ecotaxe),
        ownCode: line.customer_code ?? null,
      };
    });
  const shippingLines = order.lines
    .filter((line) => line.prd_is_port)
    .map((line) => ({ ref: line.obj_ref, title: line.obj_title, qty: line.qty, unitPrice: line.unit_price, amount: line.line_total_ht }));
  const lddFee = orderLddFee(
    order.ldd_active,
    order.ord_total_ht,
    order.lines.map((line) => line.line_total_ht),
  );
  const shipping = shippingDisplay(shippingLines, lddFee);
  const productsHt = sumOfAmounts(products.map((line) => line.amount));
  const shippingHt = sumOfAmounts(shipping.rows.map((row) => row.amount));
  const { ord_total_ht: ht, ord_total_ecotaxe: ecotaxe, ord_total_tva: tva, ord_total_ttc: ttc } = order;
  const totals =
    productsHt === null || shippingHt === null || ht === null || ecotaxe === null || tva === null || ttc === null
      ? null
      : { productsHt, shippingHt, totalHt: ht + ecotaxe, ecotaxe, tva, ttc };
  return { products, shipping, totals };
}
