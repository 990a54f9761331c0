/** What routes use of the quotes (app/services/quotes/, docs/quotes.md). */
export { quoteAction, loadQuotePage } from "./detail.server";
export { quoteAttachment, quoteProposalPdf } from "./files.server";
export { parseQuoteFilters, quoteFilterQuery } from "./filters.server";
export { loadQuoteList, QUOTES_PAGE_SIZE } from "./list.server";
export { createQuoteFromForm, loadQuoteDraft, NO_LINE } from "./new.server";
export { ATTACHMENT_TOO_LARGE, ATTACHMENT_WRONG_TYPE } from "./upload.server";
export { requireQuotesUser } from "./user.server";
