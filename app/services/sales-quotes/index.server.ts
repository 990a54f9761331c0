/** What routes use of the representative's quote pages (app/services/sales-quotes/, docs/quotes.md). */
export { loadSalesQuotePage, salesQuoteAction } from "./detail.server";
export { salesQuoteAttachment, salesQuoteProposalPdf } from "./files.server";
export { loadSalesQuoteList, SALES_QUOTES_PAGE_SIZE } from "./list.server";
export { NO_PROPOSAL_LINE, PRICE_INVALID, PRICE_NOT_POSITIVE, PRICE_TOO_HIGH, VALIDITY_PAST } from "./proposal.server";
export { requireSalesUser, type SalesUser } from "./user.server";
