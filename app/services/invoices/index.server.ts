/** What routes use of the invoices (app/services/invoices/, docs/invoices-portal.md). */
export { archiveFiltered, archiveSelection, EMPTY_SELECTION, FOREIGN_SELECTION, invoicePdf, TOO_MANY } from "./files.server";
export { loadInvoicePage } from "./detail.server";
export { invoiceFilterQuery, parseEuros, parseInvoiceFilters } from "./filters.server";
export { exportInvoiceList, loadInvoiceList, loadOrderInvoices, type OrderInvoices } from "./list.server";
export { NO_INVOICES_RIGHT, requireInvoicesUser } from "./user.server";
