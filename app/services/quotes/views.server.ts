import type { QuoteDetail, QuoteEventKind, QuoteSummary } from "@shared/contracts/quotes";
import { commonQuoteView, messageViews } from "./common-views.server";
import { QUOTE_PATHS } from "./paths";
import type { QuoteCustomerAction, QuotePageView, QuoteRow } from "./types";

/** The timeline's words for what happened. */
const EVENT_LABELS: Record<QuoteEventKind, string> = {
  requested: "Demande envoyée",
  study_started: "Étude commencée",
  information_requested: "Informations demandées",
  information_given: "Informations transmises",
  proposed: "Proposition envoyée",
  revised: "Proposition révisée",
  accepted: "Devis accepté",
  refused: "Devis refusé",
  expired: "Proposition expirée",
  cancelled: "Demande annulée",
  reminded: "Rappel avant expiration envoyé",
};

/** What the customer's side may do; the representative's actions never reach its pages. */
const CUSTOMER_ACTIONS: readonly QuoteCustomerAction[] = ["accept", "refuse", "cancel", "answer", "message"];

export function quoteRow(quote: QuoteSummary, showPrices: boolean): QuoteRow {
  return {
    id: quote.quo_id,
    number: quote.number,
    customerRef: quote.customer_ref,
    state: quote.state,
    requestedAt: quote.requested_at,
    validUntil: quote.valid_until,
    totalHt: showPrices ? quote.total_ht : null,
    lineCount: quote.line_count,
    waitingForClient: quote.waiting_for === "client",
  };
}

export const NO_CART_RIGHT =
  "Votre compte ne permet pas de modifier le panier : un autre utilisateur de votre organisation peut accepter ce devis.";

/**
 * One quote as its page shows it. Without the `prices` right every amount is null here,
 * whatever the back-office sent (docs/decisions/0107-no-amounts-without-prices.md).
 */
export function quotePage(quote: QuoteDetail, rights: { showPrices: boolean; canUpdateCart: boolean }): QuotePageView {
  const { showPrices } = rights;
  const side = { paths: QUOTE_PATHS, eventLabels: EVENT_LABELS, showPrices };
  // Accepting fills the shared cart: an account that may not change it is told so instead.
  const offered = CUSTOMER_ACTIONS.filter((action) => quote.actions.includes(action));
  const acceptBlocked = offered.includes("accept") && !rights.canUpdateCart;
  return {
    ...commonQuoteView(quote, side),
    messages: messageViews(quote.quo_id, quote.messages, side),
    actions: acceptBlocked ? offered.filter((action) => action !== "accept") : offered,
    acceptNotice: acceptBlocked ? NO_CART_RIGHT : null,
    showPrices,
  };
}
