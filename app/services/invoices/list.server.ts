import { ARCHIVE_MAX, INVOICE_STATUSES } from "@shared/contracts/invoices";
import { pageCountOf } from "@shared/domain/list-filters";
import { csvResponse, excelAmount, excelText, frenchExcelCsv } from "~/services/csv.server";
import type { OrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { InvoiceListFilters } from "~/services/upstream/invoices.server";
import { invoiceFilterQuery, parseInvoiceFilters } from "./filters.server";
import { invoiceRow, orderInvoiceLink, summaryView } from "./rows.server";
import type { InvoiceListView, InvoiceRow, OrderInvoiceLink } from "./types";
import { formatNumericDate } from "@shared/domain/french-format";

export const INVOICES_PAGE_SIZE = 20;
/** The CSV reads the back-office's pages of 100, up to this many invoices. */
export const EXPORT_MAX_INVOICES = 5000;
const UPSTREAM_PAGE = 100;

/** /mon-compte/factures: the organization's position, then its invoices filtered by the URL. */
export async function loadInvoiceList(user: OrdersUser, url: URL): Promise<InvoiceListView> {
  const { filters, values, notices, page } = parseInvoiceFilters(url.searchParams);
  const answer = await user.upstream.invoices.list(user.orgId, filters, { page, size: INVOICES_PAGE_SIZE }).catch(asRouteError);
  const pageCount = pageCountOf(answer.total, INVOICES_PAGE_SIZE, page, "de factures", notices);
  return {
    rows: answer.items.map(invoiceRow),
    total: answer.total,
    page,
    pageCount,
    values,
    notices,
    statuses: INVOICE_STATUSES,
    summary: summaryView(answer.summary),
    query: invoiceFilterQuery(filters),
    archiveMax: ARCHIVE_MAX,
  };
}

/**
 * Every invoice the filters give, newest first, up to `max`; `total` is how many match (the
 * caller refuses a ZIP beyond ARCHIVE_MAX before reading them all).
 */
export async function allInvoices(
  user: OrdersUser,
  filters: InvoiceListFilters,
  max: number,
  refuseBeyond = false,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const rows: InvoiceRow[] = [];
  let total = 0;
  for (let page = 1; rows.length < max; page += 1) {
    const answer = await user.upstream.invoices.list(user.orgId, filters, { page, size: UPSTREAM_PAGE }).catch(asRouteError);
    total = answer.total;
    if (refuseBeyond && total > max) return { rows: [], total };
    rows.push(...answer.items.map(invoiceRow));
    if (answer.items.length < UPSTREAM_PAGE || rows.length >= answer.total) break;
  }
  return { rows: rows.slice(0, max), total };
}

/** The filtered list as French Excel opens it (csv.server.ts's form), up to EXPORT_MAX_INVOICES. */
export async function exportInvoiceList(user: OrdersUser, url: URL): Promise<Response> {
  const { filters } = parseInvoiceFilters(url.searchParams);
  const { rows } = await allInvoices(user, filters, EXPORT_MAX_INVOICES);
  const table = [
    [
      "Numéro",
      "Type",
      "Date",
      "Échéance",
      "Commande",
      "Référence client",
      "Total HT (€)",
      "Total TTC (€)",
      "Reste dû (€)",
      "Statut",
      "Jours de retard",
      "Facture créditée",
    ],
  ];
  for (const row of rows) {
    table.push([
      excelText(row.number),
      row.kind,
      formatNumericDate(row.issuedOn),
      formatNumericDate(row.dueOn),
      excelText(row.orderRef),
      excelText(row.customerRef),
      excelAmount(row.totalHt),
      excelAmount(row.totalTtc),
      excelAmount(row.remaining),
      row.status,
      row.daysOverdue === null ? "" : String(row.daysOverdue),
      row.creditsNumber ?? "",
    ]);
  }
  return csvResponse("factures.csv", frenchExcelCsv(table));
}

export interface OrderInvoices {
  invoices: OrderInvoiceLink[];
  /** The back-office could not say: the order's page shows without them. */
  unavailable: boolean;
}

/**
 * The invoices and credit notes of one order, for its page: null without the `invoices` flag.
 * A back-office that cannot answer does not take the order's page down with it.
 */
export async function loadOrderInvoices(user: OrdersUser, orderId: number): Promise<OrderInvoices | null> {
  if (!user.permissions.canViewInvoices) return null;
  try {
    const answer = await user.upstream.invoices.list(user.orgId, { ord_id: orderId }, { page: 1, size: UPSTREAM_PAGE });
    return { invoices: answer.items.map(orderInvoiceLink), unavailable: false };
  } catch (error) {
    if (error instanceof UpstreamError) return { invoices: [], unavailable: true };
    throw error;
  }
}
