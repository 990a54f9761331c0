import { quoteAttachmentDownload, quoteProposalPdfDownload } from "~/services/quotes/download.server";
import type { SalesUser } from "./user.server";

/** /clients/devis/{id}/pieces-jointes/{attId}: a file of a linked client's quote. */
export function salesQuoteAttachment(user: SalesUser, rawId: string | undefined, rawAttachmentId: string | undefined): Promise<Response> {
  return quoteAttachmentDownload(user.active.upstream.salesQuotes, rawId, rawAttachmentId);
}

/** /clients/devis/{id}/proposition/{version}.pdf. */
export function salesQuoteProposalPdf(user: SalesUser, rawId: string | undefined, rawVersion: string | undefined): Promise<Response> {
  return quoteProposalPdfDownload(user.active.upstream.salesQuotes, rawId, rawVersion);
}
