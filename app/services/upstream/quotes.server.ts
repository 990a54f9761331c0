import {
  quoteAcceptResponse,
  quoteDetail,
  quoteListResponse,
  type QuoteAcceptRequest,
  type QuoteAcceptResponse,
  type QuoteAttachmentUpload,
  type QuoteCreateRequest,
  type QuoteDetail,
  type QuoteListResponse,
  type QuoteState,
} from "@shared/contracts/quotes";
import type { UpstreamFile, UpstreamHttp } from "./http.server";
import type { PageRequest } from "./orders.server";

/** The filters of GET /api/oms/quotes, already checked by the portal (quoteListQuery). */
export interface QuoteListFilters {
  state?: QuoteState;
  from?: string;
  to?: string;
  q?: string;
}

/** A message, an answer to the information asked: its text and an optional file. */
export interface QuoteMessageBody {
  body: string;
  attachment?: QuoteAttachmentUpload;
}

/**
 * The organization's quotes as a portal user reads and moves them (docs/quotes.md,
 * /api/oms/quotes, a user's token; people accounts need `quotes`). Another organization's
 * quote is a 404 UpstreamError; a move the quote's state does not allow is a French 409.
 */
export interface QuotesClient {
  list(orgId: number, filters: QuoteListFilters, page: PageRequest): Promise<QuoteListResponse>;
  detail(quoteId: number): Promise<QuoteDetail>;
  create(request: QuoteCreateRequest): Promise<QuoteDetail>;
  message(quoteId: number, body: QuoteMessageBody): Promise<QuoteDetail>;
  answer(quoteId: number, body: QuoteMessageBody): Promise<QuoteDetail>;
  /** The positions go into the shared cart at the quoted prices (taken from the quote upstream). */
  accept(quoteId: number, request: QuoteAcceptRequest): Promise<QuoteAcceptResponse>;
  refuse(quoteId: number, reason: string | undefined): Promise<QuoteDetail>;
  cancel(quoteId: number, reason: string | undefined): Promise<QuoteDetail>;
  /** A file of the request or of a message, streamed. */
  attachment(quoteId: number, attachmentId: number): Promise<UpstreamFile>;
  /** A proposal's PDF, streamed. */
  proposalPdf(quoteId: number, version: number): Promise<UpstreamFile>;
}

export function createQuotesClient(http: UpstreamHttp): QuotesClient {
  const move = (quoteId: number, step: string, body: object) =>
    http.send({ method: "POST", path: `api/oms/quotes/${quoteId}/${step}`, body, schema: quoteDetail });
  const closing = (reason: string | undefined) => (reason ? { reason } : {});
  return {
    list: (orgId, filters, page) =>
      http.send({ method: "GET", path: "api/oms/quotes", query: { org_id: orgId, ...filters, ...page }, schema: quoteListResponse }),
    detail: (quoteId) => http.send({ method: "GET", path: `api/oms/quotes/${quoteId}`, schema: quoteDetail }),
    create: (request) => http.send({ method: "POST", path: "api/oms/quotes", body: request, schema: quoteDetail }),
    message: (quoteId, body) => move(quoteId, "messages", body),
    answer: (quoteId, body) => move(quoteId, "answer", body),
    accept: (quoteId, request) =>
      http.send({ method: "POST", path: `api/oms/quotes/${quoteId}/accept`, body: request, schema: quoteAcceptResponse }),
    refuse: (quoteId, reason) => move(quoteId, "refuse", closing(reason)),
    cancel: (quoteId, reason) => move(quoteId, "cancel", closing(reason)),
    attachment: (quoteId, attachmentId) => http.download({ method: "GET", path: `api/oms/quotes/${quoteId}/attachments/${attachmentId}` }),
    proposalPdf: (quoteId, version) => http.download({ method: "GET", path: `api/oms/quotes/${quoteId}/proposals/${version}/pdf` }),
  };
}
