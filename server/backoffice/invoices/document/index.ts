/**
 * Invoice and credit note documents (docs/invoice-pdf.md): the Factur-X PDF drawn from an
 * InvoiceDocument, and the EN 16931 CII XML it embeds.
 */
export { renderInvoicePdf } from "./pdf";
export { facturXml, FacturXValidationError, ublInvoice } from "./cii";
export { EXEMPTION_WORDING } from "./mentions";
export type { InvoiceDocument, VatExemption } from "./model";
