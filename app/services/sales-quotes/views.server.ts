import type { QuoteDetail, QuoteEventKind, SalesQuoteSummary } from "@shared/contracts/quotes";
import { commonQuoteView, messageViews } from "~/services/quotes/common-views.server";
import { SALES_QUOTE_PATHS } from "./paths";
import { proposalDraftOf } from "./proposal-draft.server";
import type { SalesQuoteAction, SalesQuotePageView, SalesQuoteRow } from "./types";
import { formatQuantity } from "@shared/domain/french-format";

/** The age of a request in words, from its age in France days. */
export function ageLabel(days: number): string {
  if (days <= 0) return "aujourd'hui";
  if (days === 1) return "hier";
  return `il y a ${formatQuantity(days)} jours`;
}

export function salesQuoteRow(quote: SalesQuoteSummary): SalesQuoteRow {
  return {
    id: quote.quo_id,
    number: quote.number,
    orgName: quote.org_name,
    orgRef: quote.org_ref,
    customerRef: quote.customer_ref,
    state: quote.state,
    requestedAt: quote.requested_at,
    age: ageLabel(quote.age_days),
    waitingFor: quote.waiting_for,
    validUntil: quote.valid_until,
    totalHt: quote.total_ht,
    lineCount: quote.line_count,
  };
}

/** The timeline's words, as the representative reads it. */
const EVENT_LABELS: Record<QuoteEventKind, string> = {
  requested: "Demande reçue",
  study_started: "Étude commencée",
  information_requested: "Informations demandées au client",
  information_given: "Informations reçues du client",
  proposed: "Proposition envoyée",
  revised: "Proposition révisée",
  accepted: "Devis accepté par le client",
  refused: "Devis refusé par le client",
  expired: "Proposition expirée",
  cancelled: "Demande annulée",
  reminded: "Rappel avant expiration envoyé au client",
};

/** What the representative's side may do; the customer's actions never reach its pages. */
const SALES_ACTIONS: readonly SalesQuoteAction[] = ["start_study", "ask_information", "propose", "message", "cancel"];

/**
 * One quote as the representative's page shows it. The representative always sees prices
 * (the back-office answers them to the commercial side), and the request's message is the
 * first of the thread, written in the request's own transaction (same instant).
 */
export function salesQuotePage(quote: QuoteDetail, today: string): SalesQuotePageView {
  const side = { paths: SALES_QUOTE_PATHS, eventLabels: EVENT_LABELS, showPrices: true };
  const first = quote.messages[0];
  const requestMessage = first && first.author.side === "client" && first.at === quote.requested_at ? first.body : null;
  return {
    ...commonQuoteView(quote, side),
    orgName: quote.org_name,
    orgRef: quote.org_ref,
    requestMessage,
    // The request's message is shown with the request, not again in the thread.
    messages: messageViews(quote.quo_id, quote.messages.slice(requestMessage === null ? 0 : 1), side),
    actions: SALES_ACTIONS.filter((action) => quote.actions.includes(action)),
    proposalDraft: proposalDraftOf(quote, today),
  };
}
