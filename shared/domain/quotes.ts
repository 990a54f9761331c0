import type { QuoteDetail, QuoteState } from "../contracts/quotes";

/**
 * The quotes' lifecycle (docs/quotes.md): which side may do what in which state, the state a
 * quote shows on a given day (a proposal past its validity reads as « expiré », computed like
 * an invoice's status), and whose turn it is. Pure: today is a parameter, and the back-office
 * and the portal's pages ask the same questions here.
 */

export type QuoteAction = QuoteDetail["actions"][number];
export type ActingSide = "client" | "commercial";

/** A state where nothing moves any more (the thread is closed too, except after acceptance). */
const CLOSED: readonly QuoteState[] = ["accepté", "refusé", "expiré", "annulé"];

/** The states each action starts from; the target state is in QUOTE_ACTION_TARGET. */
const ACTION_FROM: Record<QuoteAction, readonly QuoteState[]> = {
  start_study: ["demandé"],
  ask_information: ["demandé", "en cours d'étude", "complété"],
  answer: ["informations demandées"],
  // Proposing from « proposé » is a revision: a new version, the older ones kept.
  propose: ["demandé", "en cours d'étude", "complété", "proposé"],
  accept: ["proposé"],
  refuse: ["proposé"],
  cancel: ["demandé", "en cours d'étude", "informations demandées", "complété", "proposé"],
  // A question after acceptance (delivery, invoicing) still belongs on the quote.
  message: ["demandé", "en cours d'étude", "informations demandées", "complété", "proposé", "accepté"],
};

/** Who may do each action; cancelling and writing belong to both sides. */
const ACTION_SIDES: Record<QuoteAction, readonly ActingSide[]> = {
  start_study: ["commercial"],
  ask_information: ["commercial"],
  answer: ["client"],
  propose: ["commercial"],
  accept: ["client"],
  refuse: ["client"],
  cancel: ["client", "commercial"],
  message: ["client", "commercial"],
};

/** The state an action leaves the quote in (a message changes none). */
export const QUOTE_ACTION_TARGET: Record<Exclude<QuoteAction, "message">, QuoteState> = {
  start_study: "en cours d'étude",
  ask_information: "informations demandées",
  answer: "complété",
  propose: "proposé",
  accept: "accepté",
  refuse: "refusé",
  cancel: "annulé",
};

/** The order in which the pages list the actions. */
const ACTION_ORDER: readonly QuoteAction[] = [
  "accept",
  "refuse",
  "answer",
  "start_study",
  "ask_information",
  "propose",
  "message",
  "cancel",
];

/** True while a proposal is valid on `today` (its validity date is the last day it may be accepted). */
export function isProposalValid(validUntil: string, today: string): boolean {
  return today <= validUntil;
}

/**
 * The state a quote shows on `today`: the stored one, except that a proposal whose validity
 * date is past reads as « expiré » even before the job or a write persists it.
 */
export function quoteStateOn(stored: QuoteState, validUntil: string | null, today: string): QuoteState {
  if (stored === "proposé" && validUntil !== null && !isProposalValid(validUntil, today)) return "expiré";
  return stored;
}

/** May `side` do `action` on a quote in `state` (the state shown today)? */
export function mayAct(side: ActingSide, state: QuoteState, action: QuoteAction): boolean {
  return ACTION_SIDES[action].includes(side) && ACTION_FROM[action].includes(state);
}

/** What `side` may do now, in the pages' order. */
export function quoteActionsFor(side: ActingSide, state: QuoteState): QuoteAction[] {
  return ACTION_ORDER.filter((action) => mayAct(side, state, action));
}

/** The side expected to act next; null once the quote is closed. */
export function waitingFor(state: QuoteState): ActingSide | null {
  if (CLOSED.includes(state)) return null;
  return state === "informations demandées" || state === "proposé" ? "client" : "commercial";
}

/** The French refusal of an action the state does not allow (answered 409). */
export function quoteActionRefusal(action: QuoteAction, state: QuoteState): string {
  if (state === "annulé") return "Ce devis a été annulé : il ne peut plus changer.";
  if (action === "accept" && state === "accepté") return "Ce devis a déjà été accepté.";
  if (state === "expiré") return "La validité de ce devis est dépassée : demandez-en une nouvelle proposition.";
  if (state === "accepté" || state === "refusé") return `Ce devis est ${state} : il ne peut plus changer.`;
  const refusals: Record<QuoteAction, string> = {
    start_study: "L'étude de ce devis a déjà commencé.",
    ask_information: "Des informations ne peuvent pas être demandées à ce stade du devis.",
    answer: "Aucune information n'est demandée sur ce devis.",
    propose: "Une proposition ne peut pas être faite à ce stade du devis : répondez d'abord aux informations demandées.",
    accept: "Ce devis n'a pas de proposition à accepter.",
    refuse: "Ce devis n'a pas de proposition à refuser.",
    cancel: "Ce devis ne peut plus être annulé.",
    message: "Ce devis est clos : aucun message ne peut plus y être ajouté.",
  };
  return refusals[action];
}

/** The latest validity a proposal may be given: one year after today (a YYYY-MM-DD date). */
export function latestValidity(today: string): string {
  const [year, month, day] = today.split("-");
  const next = `${Number(year) + 1}-${month}-${day}`;
  // 29 February has no anniversary: the 28th of the next year.
  return month === "02" && day === "29" ? `${Number(year) + 1}-02-28` : next;
}

/** The quote's number: DV-2026-000123. */
export function quoteNumberOf(year: number, sequence: number): string {
  return `DV-${year}-${String(sequence).padStart(6, "0")}`;
}
