import {
  quoteDetail,
  salesQuoteListResponse,
  type QuoteDetail,
  type QuoteProposalRequest,
  type QuoteState,
  type SalesQuoteListResponse,
} from "@shared/contracts/quotes";
import type { UpstreamFile, UpstreamHttp } from "./http.server";
import type { PageRequest } from "./orders.server";
import type { QuoteMessageBody } from "./quotes.server";

/** The filters of GET /api/sales/quotes, already checked by the portal (salesQuoteListQuery). */
export interface SalesQuoteListFilters {
  state?: QuoteState;
  /** One of the contributor's clients (an organization's obj_id). */
  org_id?: number;
  q?: string;
  /** « a-traiter »: the quotes waiting for the representative first (the back-office's default). */
  sort?: "a-traiter" | "recents";
}

/**
 * The sales representative's side of the quotes (docs/quotes.md, /api/sales/quotes). The
 * session's token is enough whether or not the contributor is acting for a client: the
 * back-office takes the contributor from the session's master (login-as) or its user, and
 * answers the quotes of the organizations linked to it only; anything else is a 404
 * UpstreamError, a customer's token a 403, a move the state does not allow a French 409.
 */
export interface SalesQuotesClient {
  list(filters: SalesQuoteListFilters, page: PageRequest): Promise<SalesQuoteListResponse>;
  detail(quoteId: number): Promise<QuoteDetail>;
  startStudy(quoteId: number): Promise<QuoteDetail>;
  askInformation(quoteId: number, body: QuoteMessageBody): Promise<QuoteDetail>;
  message(quoteId: number, body: QuoteMessageBody): Promise<QuoteDetail>;
  /** A proposal, or a revision of the one in force (a new version). */
  propose(quoteId: number, request: QuoteProposalRequest): Promise<QuoteDetail>;
  cancel(quoteId: number, reason: string | undefined): Promise<QuoteDetail>;
  /** A file of the request or of a message, streamed. */
  attachment(quoteId: number, attachmentId: number): Promise<UpstreamFile>;
  /** A proposal's PDF, streamed. */
  proposalPdf(quoteId: number, version: number): Promise<UpstreamFile>;
}

export function createSalesQuotesClient(http: UpstreamHttp): SalesQuotesClient {
  const base = "api/sales/quotes";
  const move = (quoteId: number, step: string, body: object) =>
    http.send({ method: "POST", path: `${base}/${quoteId}/${step}`, body, schema: quoteDetail });
  return {
    list: (filters, page) => http.send({ method: "GET", path: base, query: { ...filters, ...page }, schema: salesQuoteListResponse }),
    detail: (quoteId) => http.send({ method: "GET", path: `${base}/${quoteId}`, schema: quoteDetail }),
    startStudy: (quoteId) => move(quoteId, "start-study", {}),
    askInformation: (quoteId, body) => move(quoteId, "ask-information", body),
    message: (quoteId, body) => move(quoteId, "messages", body),
    propose: (quoteId, request) => move(quoteId, "proposals", request),
    cancel: (quoteId, reason) => move(quoteId, "cancel", reason ? { reason } : {}),
    attachment: (quoteId, attachmentId) => http.download({ method: "GET", path: `${base}/${quoteId}/attachments/${attachmentId}` }),
    proposalPdf: (quoteId, version) => http.download({ method: "GET", path: `${base}/${quoteId}/proposals/${version}/pdf` }),
  };
}
