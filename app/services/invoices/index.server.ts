/** What routes use of the invoices (app/services/invoices/, docs/invoices-portal.md). */
export { archiveFiltered, archiveSelection, EMPTY_SELECTION, FOREIGN_SELECTION, invoicePdf, TOO_MANY } from "./files.server";
export { loadInvoicePage } from "./detail.server";
export { invoiceFilterQuery, parseInvoiceFilters } from "./filters.server";
/** The amount filters' reader, shared with every form that reads euros (app/services/forms/fields.server.ts). */
export { parseEuros } from "~/services/forms/fields.server";
export { exportInvoiceList, loadInvoiceList, loadOrderInvoices, type OrderInvoices } from "./list.server";
export { NO_INVOICES_RIGHT, requireInvoicesUser } from "./user.server";
