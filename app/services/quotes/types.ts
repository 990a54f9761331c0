import type { QuoteAttachment, QuoteSide, QuoteState } from "@shared/contracts/quotes";

/**
 * View models of /mon-compte/mes-devis and its pages, shared by app/services/quotes/ and
 * app/components/quotes/ (docs/quotes.md). Amounts are integer cents before tax, or null when
 * the account may not see prices: they are removed on the server, before the data leaves it.
 */

export type { QuoteSide, QuoteState };

// ---- the list ------------------------------------------------------------------------------

/** The list's filters as they are in the URL (GET form, no JavaScript needed). */
export interface QuoteFilterValues {
  etat: string;
  du: string;
  au: string;
  recherche: string;
}

export const QUOTE_FILTER_NAMES = ["etat", "du", "au", "recherche"] as const satisfies readonly (keyof QuoteFilterValues)[];

/** A filter the page did not apply, and why (shown above the list). */
export interface QuoteFilterNotice {
  field: keyof QuoteFilterValues | "page";
  message: string;
}

export interface QuoteRow {
  id: number;
  number: string;
  customerRef: string;
  state: QuoteState;
  /** ISO instant of the request. */
  requestedAt: string;
  /** The proposal's validity (YYYY-MM-DD), when there is one. */
  validUntil: string | null;
  totalHt: number | null;
  lineCount: number;
  /** The representative waits for the customer (« en attente de votre réponse »). */
  waitingForClient: boolean;
}

export interface QuoteListView {
  rows: QuoteRow[];
  total: number;
  page: number;
  pageCount: number;
  values: QuoteFilterValues;
  notices: QuoteFilterNotice[];
  states: readonly QuoteState[];
  showPrices: boolean;
  /** The applied filters as a query string (no page), for the pages' links. */
  query: string;
}

// ---- a new request -------------------------------------------------------------------------

/**
 * A row of the request form: a catalogue product (productId, shown by its reference and title)
 * or free text. Quantities and texts are kept as typed, so a refused form shows them again.
 */
export interface QuoteDraftLine {
  productId: number | null;
  ref: string;
  title: string;
  text: string;
  qty: string;
}

/** Empty free-text rows offered under the lines (enough without JavaScript to add a few). */
export const FREE_TEXT_ROWS = 3;

/** Where the request's lines came from: its cart, a product page, or nothing (free text). */
export type QuoteDraftSource = "panier" | "produit" | null;

export interface QuoteNewView {
  lines: QuoteDraftLine[];
  source: QuoteDraftSource;
  /** Something asked in the URL that could not be used (an unknown product…). */
  notice: string | null;
  /** France's today (YYYY-MM-DD): the wished date's lower bound. */
  today: string;
}

/** The request form's field names, for the messages shown next to them. */
export type QuoteNewField = "reference" | "message" | "date_souhaitee" | "piece_jointe" | "lignes" | `ligne-${number}`;

/** The request form refused: drawn again with its messages and what was typed. */
export interface QuoteNewRefusal {
  ok: false;
  message: string;
  errors: Partial<Record<QuoteNewField, string>>;
  values: { reference: string; message: string; date_souhaitee: string };
  lines: QuoteDraftLine[];
}

// ---- one quote -----------------------------------------------------------------------------

export interface QuoteActorView {
  name: string;
  side: QuoteSide;
}

export interface QuoteAttachmentView {
  id: number;
  fileName: string;
  mime: QuoteAttachment["mime"];
  size: number;
  href: string;
}

export interface QuoteAskedLineView {
  position: number;
  productId: number | null;
  ref: string | null;
  title: string;
  qty: number;
}

export interface QuoteProposalLineView {
  position: number;
  productId: number;
  ref: string;
  title: string;
  qty: number;
  usualPrice: number | null;
  unitPrice: number | null;
  ecotax: number | null;
  lineTotal: number | null;
  /** The asked line's position it answers (null: a line the representative added). */
  answersPosition: number | null;
  isAlternative: boolean;
  note: string | null;
}

export interface QuoteProposalView {
  version: number;
  createdAt: string;
  author: QuoteActorView;
  validUntil: string;
  conditions: string;
  lines: QuoteProposalLineView[];
  totalHt: number | null;
  pdfHref: string;
}

export interface QuoteMessageView {
  id: number;
  at: string;
  author: QuoteActorView;
  body: string;
  attachments: QuoteAttachmentView[];
}

export interface QuoteEventView {
  at: string;
  /** What happened, in French (« Proposition envoyée (version 2) »). */
  label: string;
  state: QuoteState;
  author: QuoteActorView;
  note: string | null;
}

export type QuoteCustomerAction = "accept" | "refuse" | "cancel" | "answer" | "message";

/** What both sides' pages of a quote show alike (app/services/quotes/common-views.server.ts). */
export interface QuoteCommonView {
  id: number;
  number: string;
  customerRef: string;
  state: QuoteState;
  requestedAt: string;
  requestedBy: string;
  updatedAt: string;
  wishedDate: string | null;
  waitingFor: "client" | "commercial" | null;
  askedLines: QuoteAskedLineView[];
  /** The proposal in force (the latest), and the earlier versions, newest first. */
  proposal: QuoteProposalView | null;
  earlierProposals: QuoteProposalView[];
  timeline: QuoteEventView[];
  /** The request's own files. */
  attachments: QuoteAttachmentView[];
  acceptedPositions: number[];
}

export interface QuotePageView extends QuoteCommonView {
  messages: QuoteMessageView[];
  /** Only these actions are offered (the back-office says which, for the customer's side). */
  actions: QuoteCustomerAction[];
  /** Accepting is open but this account may not change the cart: why it is not offered. */
  acceptNotice: string | null;
  showPrices: boolean;
}
