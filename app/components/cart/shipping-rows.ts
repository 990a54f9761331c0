import { shippingDisplay, type ShippingDisplay } from "@shared/domain/shipping-display";
import type { CartLineView } from "~/services/cart/types";

/**
 * The rows of a cart's shipping amounts (shared/domain/shipping-display.ts): its shipping lines
 * and the direct-delivery fee (null: not charged), for the cart and the checkout steps alike.
 */
export function cartShippingRows(shippingLines: readonly CartLineView[], lddFee: number | null): ShippingDisplay {
  const lines = shippingLines.map((line) => ({
    ref: line.ref,
    title: line.title,
    qty: line.qty,
    unitPrice: line.unitPrice,
    amount: line.lineTotal,
  }));
  return shippingDisplay(lines, lddFee);
}
