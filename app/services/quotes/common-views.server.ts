import type { QuoteActor, QuoteAttachment, QuoteDetail, QuoteEventKind, QuoteMessage, QuoteProposal } from "@shared/contracts/quotes";
import type { QuotePaths } from "./paths";
import type { QuoteActorView, QuoteAttachmentView, QuoteCommonView, QuoteMessageView, QuoteProposalView } from "./types";

/**
 * The view builders both sides' pages of a quote share (the customer's, app/services/quotes/,
 * and the representative's, app/services/sales-quotes/): the same back-office detail becomes the
 * same view, with the side's own links, timeline words and right to see amounts.
 */

export interface QuoteViewSide {
  paths: QuotePaths;
  /** The timeline's words, as this side reads what happened. */
  eventLabels: Record<QuoteEventKind, string>;
  /** False: every amount is null here, whatever the back-office sent (decision 0107). */
  showPrices: boolean;
}

function actorView(actor: QuoteActor): QuoteActorView {
  return { name: actor.name, side: actor.side };
}

function attachmentView(quoteId: number, attachment: QuoteAttachment, paths: QuotePaths): QuoteAttachmentView {
  return {
    id: attachment.att_id,
    fileName: attachment.file_name,
    mime: attachment.mime,
    size: attachment.size,
    href: paths.attachment(quoteId, attachment.att_id),
  };
}

function proposalView(quoteId: number, proposal: QuoteProposal, side: QuoteViewSide): QuoteProposalView {
  const price = (cents: number | null) => (side.showPrices ? cents : null);
  return {
    version: proposal.version,
    createdAt: proposal.created_at,
    author: actorView(proposal.author),
    validUntil: proposal.valid_until,
    conditions: proposal.conditions,
    lines: proposal.lines.map((line) => ({
      position: line.position,
      productId: line.obj_id,
      ref: line.obj_ref,
      title: line.title,
      qty: line.qty,
      usualPrice: price(line.usual_price),
      unitPrice: price(line.unit_price),
      ecotax: price(line.ecotax),
      lineTotal: price(line.unit_price * line.qty),
      answersPosition: line.answers_position,
      isAlternative: line.is_alternative,
      note: line.note,
    })),
    totalHt: price(proposal.total_ht),
    pdfHref: side.paths.proposalPdf(quoteId, proposal.version),
  };
}

/** Messages of the thread (a side may leave some out: the representative's page shows the request's apart). */
export function messageViews(quoteId: number, messages: readonly QuoteMessage[], side: QuoteViewSide): QuoteMessageView[] {
  return messages.map((message) => ({
    id: message.msg_id,
    at: message.at,
    author: actorView(message.author),
    body: message.body,
    attachments: message.attachments.map((attachment) => attachmentView(quoteId, attachment, side.paths)),
  }));
}

/** What both sides' pages show of a quote alike; each adds its own (actions, thread, client…). */
export function commonQuoteView(quote: QuoteDetail, side: QuoteViewSide): QuoteCommonView {
  const proposals = quote.proposals.map((proposal) => proposalView(quote.quo_id, proposal, side));
  return {
    id: quote.quo_id,
    number: quote.number,
    customerRef: quote.customer_ref,
    state: quote.state,
    requestedAt: quote.requested_at,
    requestedBy: quote.requested_by.name,
    updatedAt: quote.updated_at,
    wishedDate: quote.wished_date,
    waitingFor: quote.waiting_for,
    askedLines: quote.asked_lines.map((line) => ({
      position: line.position,
      productId: line.obj_id,
      ref: line.obj_ref,
      title: line.title,
      qty: line.qty,
    })),
    // The proposal in force is the latest; the earlier versions are shown newest first.
    proposal: proposals.at(-1) ?? null,
    earlierProposals: proposals.slice(0, -1).reverse(),
    attachments: quote.attachments.map((attachment) => attachmentView(quote.quo_id, attachment, side.paths)),
    timeline: quote.timeline.map((event) => ({
      at: event.at,
      label: side.eventLabels[event.kind],
      state: event.state,
      author: actorView(event.author),
      note: event.note,
    })),
    acceptedPositions: quote.accepted_positions,
  };
}
