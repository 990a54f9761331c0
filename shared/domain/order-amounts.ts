import type { OrderDetail } from "../contracts/orders";
import { orderLineEcotaxe } from "./order-receipt";
import { orderLddFee, sumOfAmounts } from "./shipping-display";
import { shownLineHt, type ShownTotals } from "./totals";

/**
 * An order's page amounts as every place shows them (decision 0161): each product line's
 * ecotax and « Total HT » (its ecotax included), and the totals those lines, the shipping lines
 * and the express fee add up to.
 */
export interface OrderPageAmounts {
  /** In the order of `order.lines`. */
  lines: { objId: number; ecotaxe: number | null; totalHt: number | null }[];
  /** Null when an amount is hidden. */
  totals: ShownTotals | null;
}

type AmountsSource = Pick<
  OrderDetail,
  "lines" | "shipping_lines" | "options" | "ord_total_ht" | "ord_total_ecotaxe" | "ord_total_tva" | "ord_total_ttc"
>;

export function orderPageAmounts(order: AmountsSource): OrderPageAmounts {
  const lines = order.lines.map((line) => {
    const ecotaxe = orderLineEcotaxe({ qty: line.ordered, prd_ecotaxe: line.prd_ecotaxe }, order.ord_total_ecotaxe);
    return { objId: line.obj_id, ecotaxe, totalHt: shownLineHt(line.line_total_ht, ecotaxe) };
  });
  const netLines = [...order.lines.map((line) => line.line_total_ht), ...order.shipping_lines.map((line) => line.amount_ht)];
  const lddFee = orderLddFee(order.options.ldd_active, order.ord_total_ht, netLines);
  const productsHt = sumOfAmounts(lines.map((line) => line.totalHt));
  const shippingHt = sumOfAmounts([...order.shipping_lines.map((line) => line.amount_ht), lddFee ?? 0]);
  const { ord_total_ht: ht, ord_total_ecotaxe: ecotaxe, ord_total_tva: tva, ord_total_ttc: ttc } = order;
  if (productsHt === null || shippingHt === null || ht === null || ecotaxe === null || tva === null || ttc === null)
    return { lines, totals: null };
  return { lines, totals: { productsHt, shippingHt, totalHt: ht + ecotaxe, ecotaxe, tva, ttc } };
}
