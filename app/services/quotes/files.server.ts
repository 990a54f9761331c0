import type { OrdersUser } from "~/services/orders/index.server";
import { quoteAttachmentDownload, quoteProposalPdfDownload } from "./download.server";

/** /mon-compte/mes-devis/{id}/pieces-jointes/{attId}: a file of the organization's quote. */
export function quoteAttachment(user: OrdersUser, rawId: string | undefined, rawAttachmentId: string | undefined): Promise<Response> {
  return quoteAttachmentDownload(user.upstream.quotes, rawId, rawAttachmentId);
}

/** /mon-compte/mes-devis/{id}/proposition/{version}.pdf. */
export function quoteProposalPdf(user: OrdersUser, rawId: string | undefined, rawVersion: string | undefined): Promise<Response> {
  return quoteProposalPdfDownload(user.upstream.quotes, rawId, rawVersion);
}
