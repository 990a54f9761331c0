import type { OrderDetail } from "@shared/contracts/orders";
import { orderPageAmounts } from "@shared/domain/order-amounts";
import { csvResponse, excelAmount, excelText, frenchExcelCsv } from "~/services/csv.server";
import { loadOwnOrder } from "./detail.server";
import type { OrdersUser } from "./user.server";

/**
 * GET /mon-compte/commandes/{id}/export.csv: one order's product lines for French Excel
 * (docs/orders.md), with the organization's own code each line was ordered under (issue 38).
 * The quantities as the order page shows them; the amounts only with `prices` (decision 0107),
 * « Total HT » with the line's ecotax as on the page (decision 0161). Shipping lines are not
 * products: they stay on the order page.
 */

export const ORDER_LINES_HEADERS = ["Référence", "Votre code", "Désignation", "Quantité commandée", "Expédiée", "Reste à livrer"] as const;
export const ORDER_LINES_PRICE_HEADERS = ["Prix unitaire HT (€)", "Total HT (€)"] as const;

const amountCell = (cents: number | null | undefined) => (cents === null || cents === undefined ? "" : excelAmount(cents));

export function orderLinesCsv(order: OrderDetail, showPrices: boolean): string {
  const amounts = orderPageAmounts(order);
  const header: string[] = [...ORDER_LINES_HEADERS, ...(showPrices ? ORDER_LINES_PRICE_HEADERS : [])];
  const rows = order.lines.map((line, index) => {
    const cells = [line.obj_ref, line.customer_code ?? "", line.obj_title].map(excelText);
    cells.push(String(line.ordered), String(line.shipped), String(line.remaining));
    if (showPrices) cells.push(amountCell(line.unit_price), amountCell(amounts.lines[index]?.totalHt));
    return cells;
  });
  return frenchExcelCsv([header, ...rows]);
}

/** « commande-CMD-000042-lignes.csv »: the order's number kept to safe characters. */
export function orderLinesFileName(orderRef: string): string {
  const safe = orderRef.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
  return `commande-${safe || "lignes"}-lignes.csv`;
}

export async function exportOrderLines(user: OrdersUser, id: string | undefined): Promise<Response> {
  const order = await loadOwnOrder(user, id);
  return csvResponse(orderLinesFileName(order.ord_ref), orderLinesCsv(order, user.permissions.canViewPrices));
}
