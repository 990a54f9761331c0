import { formatDate, formatEuros } from "@shared/domain/french-format";
import type { PreviewStock } from "~/services/quick-order/types";

/** « 89,90 € HT »: the buyer's price of one unit, as the catalogue's cards say it. */
export function unitPriceText(cents: number): string {
  return `${formatEuros(cents)} HT`;
}

/**
 * The stock beside a grid line. The typed quantity matters: « En stock : 3 » reads as enough
 * unless it says that 500 were asked for (what happens to the rest is the cart's to say).
 */
export function stockText(stock: PreviewStock | null, qty: number | null): string {
  if (stock === null) return "Stock non communiqué";
  if (stock.available === 0) {
    if (stock.refillDate === null) return "Rupture de stock";
    return `Rupture de stock, réapprovisionnement prévu le ${formatDate(stock.refillDate)}`;
  }
  if (qty !== null && qty > stock.available) return `En stock : ${stock.available}, moins que les ${qty} demandés`;
  return `En stock : ${stock.available}`;
}

/** The quantity typed on the line, when it is one (an empty cell orders 1). */
export function typedQuantity(raw: string): number | null {
  const trimmed = raw.replace(/\s/g, "");
  if (trimmed === "") return 1;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}
