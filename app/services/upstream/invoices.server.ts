import {
  invoiceDetail,
  invoiceListResponse,
  type InvoiceDetail,
  type InvoiceKind,
  type InvoiceListResponse,
  type InvoiceStatus,
} from "@shared/contracts/invoices";
import type { UpstreamFile, UpstreamHttp } from "./http.server";
import type { PageRequest } from "./orders.server";

/** The filters of GET /api/oms/invoices, already checked by the portal (invoiceListQuery). */
export interface InvoiceListFilters {
  from?: string;
  to?: string;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  number?: string;
  order_ref?: string;
  ord_id?: number;
  /** Total with tax, inclusive bounds, in cents. */
  min_ttc?: number;
  max_ttc?: number;
}

/**
 * The organization's invoices and credit notes as a portal user reads them (docs/invoices.md,
 * /api/oms/invoices, a user's token and the `invoices` flag): another organization's invoice
 * is a 404 UpstreamError, a selection holding one is refused whole.
 */
export interface InvoicesClient {
  list(orgId: number, filters: InvoiceListFilters, page: PageRequest): Promise<InvoiceListResponse>;
  detail(invoiceId: number): Promise<InvoiceDetail>;
  /** The stored PDF (Factur-X), streamed. */
  pdf(invoiceId: number): Promise<UpstreamFile>;
  /** A ZIP of these invoices' PDFs: all of the organization's, or a refusal. */
  archive(orgId: number, ids: readonly number[]): Promise<UpstreamFile>;
}

export function createInvoicesClient(http: UpstreamHttp): InvoicesClient {
  return {
    list: (orgId, filters, page) =>
      http.send({ method: "GET", path: "api/oms/invoices", query: { org_id: orgId, ...filters, ...page }, schema: invoiceListResponse }),
    detail: (invoiceId) => http.send({ method: "GET", path: `api/oms/invoices/${invoiceId}`, schema: invoiceDetail }),
    pdf: (invoiceId) => http.download({ method: "GET", path: `api/oms/invoices/${invoiceId}/pdf` }),
    archive: (orgId, ids) => http.download({ method: "POST", path: "api/oms/invoices/archive", body: { org_id: orgId, ids: [...ids] } }),
  };
}
