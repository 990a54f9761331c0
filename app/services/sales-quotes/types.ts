import type { QuoteSide, QuoteState } from "@shared/contracts/quotes";
import type {
  QuoteActorView,
  QuoteAskedLineView,
  QuoteAttachmentView,
  QuoteCommonView,
  QuoteEventView,
  QuoteMessageView,
  QuoteProposalView,
} from "~/services/quotes/types";

/**
 * View models of the representative's pages, /clients/devis and /clients/devis/{id}
 * (docs/quotes.md), shared by app/services/sales-quotes/ and app/components/sales-quotes/.
 * The pieces a quote's page shares with the customer's (proposal, thread, files) keep the
 * customer's view types, so the same tables draw both.
 */

export type {
  QuoteActorView,
  QuoteAskedLineView,
  QuoteAttachmentView,
  QuoteEventView,
  QuoteMessageView,
  QuoteProposalView,
  QuoteSide,
  QuoteState,
};

// ---- the list ------------------------------------------------------------------------------

/** The list's filters as they are in the URL (a GET form: no JavaScript needed). */
export interface SalesQuoteFilterValues {
  etat: string;
  /** An organization's id among the contributor's clients. */
  client: string;
  recherche: string;
  /** « recents » for newest first; anything else: the quotes to handle first. */
  tri: string;
}

export const SALES_QUOTE_FILTER_NAMES = ["etat", "client", "recherche", "tri"] as const satisfies readonly (keyof SalesQuoteFilterValues)[];

export interface SalesQuoteFilterNotice {
  field: keyof SalesQuoteFilterValues | "page";
  message: string;
}

export interface SalesQuoteRow {
  id: number;
  number: string;
  orgName: string;
  orgRef: string;
  customerRef: string;
  state: QuoteState;
  requestedAt: string;
  /** « aujourd'hui », « hier », « il y a 3 jours ». */
  age: string;
  /** Whose turn it is, in words: « à traiter » (the representative), « attente client », or null once closed. */
  waitingFor: "commercial" | "client" | null;
  validUntil: string | null;
  totalHt: number | null;
  lineCount: number;
}

export interface SalesClientOption {
  id: number;
  label: string;
}

export interface SalesQuoteListView {
  rows: SalesQuoteRow[];
  total: number;
  page: number;
  pageCount: number;
  values: SalesQuoteFilterValues;
  notices: SalesQuoteFilterNotice[];
  states: readonly QuoteState[];
  clients: SalesClientOption[];
  /** The applied filters as a query string (no page), for the pages' links. */
  query: string;
  contributorName: string;
}

// ---- one quote -----------------------------------------------------------------------------

export type SalesQuoteAction = "start_study" | "ask_information" | "propose" | "message" | "cancel";

/**
 * A row of the proposal form, kept as typed (a refused form shows it again). `answersPosition`
 * names the asked line it answers (null: a line the representative adds).
 */
export interface ProposalRowDraft {
  answersPosition: number | null;
  /** The asked line, in words, for the row's label (« Ligne 2 demandée : … »). */
  asked: string | null;
  ref: string;
  qty: string;
  /** Euros as typed: « 12,50 ». */
  price: string;
  note: string;
}

export interface ProposalFormDraft {
  rows: ProposalRowDraft[];
  validUntil: string;
  conditions: string;
  message: string;
  /** True when a proposal is in force: sending makes a new version. */
  revising: boolean;
  /** France's today and the latest validity allowed (YYYY-MM-DD), the date field's bounds. */
  today: string;
  latest: string;
}

export interface SalesQuotePageView extends QuoteCommonView {
  orgName: string;
  orgRef: string;
  /** The request's own message (the first of the thread, sent with it), if any. */
  requestMessage: string | null;
  /** The thread after the request's message. */
  messages: QuoteMessageView[];
  actions: SalesQuoteAction[];
  /** The proposal form as first drawn (asked lines, or the proposal in force to revise). */
  proposalDraft: ProposalFormDraft;
}

/** Field names of the proposal form: the messages are shown next to them. */
export const proposalField = {
  ref: (row: number) => `ligne-${row}-ref`,
  qty: (row: number) => `ligne-${row}-qte`,
  price: (row: number) => `ligne-${row}-prix`,
  note: (row: number) => `ligne-${row}-note`,
  position: (row: number) => `ligne-${row}-position`,
} as const;

/** Empty rows offered under the asked lines, for extra products (enough without JavaScript). */
export const EXTRA_PROPOSAL_ROWS = 3;
