import { ORDER_STATUSES } from "@shared/contracts/orders";
import { pageCountOf } from "@shared/domain/list-filters";
import { csvResponse, excelAmount, excelText, frenchExcelCsv } from "~/services/csv.server";
import { asRouteError } from "~/services/route-errors.server";
import type { OrderListFilters } from "~/services/upstream/orders.server";
import { filterQuery, parseOrderFilters } from "./filters.server";
import { orderRow } from "./rows.server";
import type { OrderListView, OrderRow } from "./types";
import type { OrdersUser } from "./user.server";
import { formatNumericDate } from "@shared/domain/french-format";

export const ORDERS_PAGE_SIZE = 20;
/** The export reads the back-office's pages of 100, up to this many orders. */
export const EXPORT_MAX_ORDERS = 5000;

/** /mon-compte/commandes: the organization's orders, newest first, filtered by the URL. */
export async function loadOrderList(user: OrdersUser, url: URL): Promise<OrderListView> {
  const { filters, values, notices, page } = parseOrderFilters(url.searchParams);
  const answer = await user.upstream.orders.list(user.orgId, filters, { page, size: ORDERS_PAGE_SIZE }).catch(asRouteError);
  const pageCount = pageCountOf(answer.total, ORDERS_PAGE_SIZE, page, "de commandes", notices);
  return {
    rows: answer.items.map(orderRow),
    total: answer.total,
    page,
    pageCount,
    values,
    notices,
    statuses: ORDER_STATUSES,
    authors: answer.authors.map((author) => ({ id: author.usr_id, name: author.name })),
    showPrices: user.permissions.canViewPrices,
    query: filterQuery(filters),
  };
}

/** Every order the filters give (up to EXPORT_MAX_ORDERS), newest first. */
async function allOrders(user: OrdersUser, filters: OrderListFilters): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  for (let page = 1; rows.length < EXPORT_MAX_ORDERS; page += 1) {
    const answer = await user.upstream.orders.list(user.orgId, filters, { page, size: 100 }).catch(asRouteError);
    rows.push(...answer.items.map(orderRow));
    if (answer.items.length < 100 || rows.length >= answer.total) break;
  }
  return rows.slice(0, EXPORT_MAX_ORDERS);
}

/**
 * The filtered list as French Excel opens it (docs/specification.md, /mon-compte/commandes):
 * csv.server.ts's form. Amounts only with `prices`.
 */
export async function exportOrderList(user: OrdersUser, url: URL): Promise<Response> {
  const { filters } = parseOrderFilters(url.searchParams);
  const rows = await allOrders(user, filters);
  const prices = user.permissions.canViewPrices;
  const header = ["Numéro", "Date", "Référence client", "Passée par", "Statut", "Lignes", "Lignes en reliquat"];
  if (prices) header.push("Total HT (€)", "Dont éco-participation (€)", "TVA (€)", "Total TTC (€)");
  const table = [header];
  for (const row of rows) {
    const cells = [row.number, formatNumericDate(row.createdAt), row.customerRef, row.placedBy, row.status].map(excelText);
    cells.push(String(row.lineCount), String(row.backorderCount));
    if (prices) cells.push(...[row.totalHt, row.ecotaxe, row.tva, row.totalTtc].map((cents) => (cents === null ? "" : excelAmount(cents))));
    table.push(cells);
  }
  return csvResponse("commandes.csv", frenchExcelCsv(table));
}
