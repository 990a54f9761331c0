/** The PDF of a quote's proposal (docs/quote-pdf.md) and the routes that serve it. */
export { renderQuotePdf } from "./pdf";
export { proposalDocument } from "./model";
export type { QuoteProposalDocument, QuotePdfLine, QuoteRepresentative } from "./model";
