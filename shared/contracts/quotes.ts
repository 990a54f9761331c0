import { z } from "zod";
import { cart } from "./entities";
import {
  calendarDate,
  cents,
  idParam,
  isoDate,
  isoDateTime,
  note,
  page,
  pageOf,
  pageSize,
  PERIOD_ORDER_ISSUE,
  periodInOrder,
  searchText,
} from "./primitives";

/**
 * Quotes (docs/quotes.md): a customer asks (from its cart, a product or free text), the sales
 * representative linked to the organization studies, asks for information, proposes prices
 * with a validity date (each proposal a new version, the older ones kept), and the customer
 * accepts some or all lines into the shared cart at the quoted prices, refuses, or lets it
 * expire. Either side may cancel before acceptance. A message thread runs along.
 *
 * Customer calls live under /api/oms/quotes (a user's token, people accounts need `quotes`);
 * the representative's under /api/sales/quotes (a contributor's own token, without login-as:
 * only the quotes of the clients it is linked to). Amounts are integer cents, before tax.
 */

// ---- vocabulary ---------------------------------------------------------------------------

export const QUOTE_STATES = [
  "demandé",
  "en cours d'étude",
  "informations demandées",
  "complété",
  "proposé",
  "accepté",
  "refusé",
  "expiré",
  "annulé",
] as const;
export const quoteState = z.enum(
  QUOTE_STATES,
  `État inconnu : choisissez parmi ${QUOTE_STATES.map((state) => `« ${state} »`).join(", ")}.`,
);
export type QuoteState = z.infer<typeof quoteState>;

/** States after which nothing moves any more. */
export const FINAL_QUOTE_STATES: readonly QuoteState[] = ["accepté", "refusé", "expiré", "annulé"];

/** What happened, in the quote's timeline. */
export const QUOTE_EVENT_KINDS = [
  "requested",
  "study_started",
  "information_requested",
  "information_given",
  "proposed",
  "revised",
  "accepted",
  "refused",
  "expired",
  "cancelled",
  "reminded",
] as const;
export const quoteEventKind = z.enum(QUOTE_EVENT_KINDS);
export type QuoteEventKind = z.infer<typeof quoteEventKind>;

/** Which side wrote or did something. */
export const quoteSide = z.enum(["client", "commercial", "système"]);
export type QuoteSide = z.infer<typeof quoteSide>;

/** A quote number: DV-2026-000123. */
export const quoteNumber = z.string().regex(/^DV-\d{4}-\d{6}$/, "Numéro de devis invalide (format DV-2026-000123).");

// ---- attachments (checked by content, as the MMSI certificates are) ------------------------

export const QUOTE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const QUOTE_MESSAGE_MAX = 4000;

/** A file sent with a request or a message: PDF, PNG or JPEG, sniffed by the back-office. */
export const quoteAttachmentUpload = z
  .object({
    file_name: z.string().trim().min(1, "Le nom du fichier est obligatoire.").max(200, "Nom de fichier trop long."),
    content_base64: z
      .string()
      .min(4, "Le fichier est vide.")
      .max(Math.ceil(QUOTE_ATTACHMENT_MAX_BYTES / 3) * 4, "Le fichier dépasse 5 Mo.")
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Le fichier est mal encodé."),
  })
  .strict();
export type QuoteAttachmentUpload = z.infer<typeof quoteAttachmentUpload>;

export const quoteAttachment = z
  .object({
    att_id: z.number().int().positive(),
    file_name: z.string(),
    mime: z.enum(["application/pdf", "image/png", "image/jpeg"]),
    size: z.number().int().positive(),
    created_at: isoDateTime,
  })
  .strict();
export type QuoteAttachment = z.infer<typeof quoteAttachment>;

// ---- input pieces -------------------------------------------------------------------------

const message = (min: number) => note(min, QUOTE_MESSAGE_MAX);
const qty = z.number().int().min(1, "La quantité doit être d'au moins 1.").max(99_999, "Au plus 99 999 par ligne.");

/** A line asked for: a catalogue product (obj_id), or free text for what is not in the catalogue. */
export const quoteRequestLine = z
  .object({
    obj_id: z.number().int().positive().optional(),
    /** Required without obj_id: what the customer is looking for. */
    text: z
      .string()
      .trim()
      .max(300, "Une ligne compte au plus 300 caractères.")
      .regex(/^\P{Cc}*$/u, "Le texte ne doit pas contenir de caractères de contrôle.")
      .optional(),
    qty,
  })
  .strict()
  .refine((line) => line.obj_id !== undefined || (line.text ?? "").length >= 3, {
    message: "Décrivez le produit recherché (au moins 3 caractères) ou choisissez un produit du catalogue.",
    path: ["text"],
  });
export type QuoteRequestLine = z.infer<typeof quoteRequestLine>;

// ---- answer pieces ------------------------------------------------------------------------

export const quoteActor = z.object({ usr_id: z.number().int().positive().nullable(), name: z.string(), side: quoteSide }).strict();
export type QuoteActor = z.infer<typeof quoteActor>;

/** A line of the request, as asked. */
export const quoteAskedLine = z
  .object({
    position: z.number().int().positive(),
    obj_id: z.number().int().positive().nullable(),
    obj_ref: z.string().nullable(),
    title: z.string(),
    qty: z.number().int().positive(),
  })
  .strict();
export type QuoteAskedLine = z.infer<typeof quoteAskedLine>;

/** A line of a proposal: always a catalogue product (an alternative names the asked line it replaces). */
export const quoteProposalLine = z
  .object({
    position: z.number().int().positive(),
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    title: z.string(),
    qty: z.number().int().positive(),
    /** The customer's net price without the quote, when it can see prices. */
    usual_price: cents.nullable(),
    /** The quoted unit price before tax. */
    unit_price: cents,
    ecotax: cents,
    /** The asked line's position this line answers, or null (a line the representative adds). */
    answers_position: z.number().int().positive().nullable(),
    /** True when the product differs from the one asked (« produit de remplacement »). */
    is_alternative: z.boolean(),
    note: z.string().nullable(),
  })
  .strict();
export type QuoteProposalLine = z.infer<typeof quoteProposalLine>;

export const quoteProposal = z
  .object({
    version: z.number().int().positive(),
    created_at: isoDateTime,
    author: quoteActor,
    valid_until: isoDate,
    conditions: z.string(),
    lines: z.array(quoteProposalLine),
    total_ht: cents,
  })
  .strict();
export type QuoteProposal = z.infer<typeof quoteProposal>;

export const quoteMessage = z
  .object({
    msg_id: z.number().int().positive(),
    at: isoDateTime,
    author: quoteActor,
    body: z.string(),
    attachments: z.array(quoteAttachment),
  })
  .strict();
export type QuoteMessage = z.infer<typeof quoteMessage>;

export const quoteEvent = z
  .object({
    at: isoDateTime,
    kind: quoteEventKind,
    state: quoteState,
    author: quoteActor,
    /** For example the version proposed, or the accepted positions. */
    note: z.string().nullable(),
  })
  .strict();
export type QuoteEvent = z.infer<typeof quoteEvent>;

export const quoteSummary = z
  .object({
    quo_id: z.number().int().positive(),
    number: quoteNumber,
    org_id: z.number().int().positive(),
    org_ref: z.string(),
    org_name: z.string(),
    customer_ref: z.string(),
    state: quoteState,
    requested_at: isoDateTime,
    requested_by: quoteActor,
    /** Last change of state or message. */
    updated_at: isoDateTime,
    wished_date: isoDate.nullable(),
    line_count: z.number().int().nonnegative(),
    /** Latest proposal's validity and total, when there is one. */
    valid_until: isoDate.nullable(),
    total_ht: cents.nullable(),
    /** The side expected to act next (null when the quote is closed). */
    waiting_for: z.enum(["client", "commercial"]).nullable(),
  })
  .strict();
export type QuoteSummary = z.infer<typeof quoteSummary>;

export const quoteDetail = quoteSummary
  .extend({
    asked_lines: z.array(quoteAskedLine),
    /** Every version, oldest first; the last one is the one in force. */
    proposals: z.array(quoteProposal),
    messages: z.array(quoteMessage),
    timeline: z.array(quoteEvent),
    attachments: z.array(quoteAttachment),
    /** Positions of the latest proposal accepted, once accepted. */
    accepted_positions: z.array(z.number().int().positive()),
    /** What the caller may do now (the pages show only these actions). */
    actions: z.array(z.enum(["accept", "refuse", "cancel", "answer", "message", "start_study", "ask_information", "propose"])),
  })
  .strict();
export type QuoteDetail = z.infer<typeof quoteDetail>;

export const quoteListResponse = pageOf(quoteSummary);
export type QuoteListResponse = z.infer<typeof quoteListResponse>;

// ---- customer calls: /api/oms/quotes -------------------------------------------------------

export const quoteListQuery = z
  .object({
    org_id: idParam,
    state: quoteState.optional(),
    /** Asked on or after / before (France). */
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    /** In the number or the customer's reference. */
    q: searchText(100),
    page,
    size: pageSize(20),
  })
  .strict()
  .refine(periodInOrder, PERIOD_ORDER_ISSUE);
export type QuoteListQuery = z.infer<typeof quoteListQuery>;

/** POST /api/oms/quotes: lines from the cart, a product or free text. The cart is not touched. */
export const quoteCreateRequest = z
  .object({
    org_id: z.number().int().positive(),
    customer_ref: z
      .string()
      .trim()
      .min(1, "Indiquez votre référence.")
      .max(60, "La référence compte au plus 60 caractères.")
      .regex(/^\P{Cc}*$/u, "La référence ne doit pas contenir de caractères de contrôle."),
    message: message(0),
    wished_date: calendarDate.optional(),
    lines: z.array(quoteRequestLine).min(1, "Ajoutez au moins une ligne à la demande.").max(200, "Au plus 200 lignes par demande."),
    attachment: quoteAttachmentUpload.optional(),
  })
  .strict();
export type QuoteCreateRequest = z.infer<typeof quoteCreateRequest>;

/** POST /api/oms/quotes/{id}/messages and /api/sales/quotes/{id}/messages. */
export const quoteMessageRequest = z.object({ body: message(1), attachment: quoteAttachmentUpload.optional() }).strict();

/** POST /api/oms/quotes/{id}/answer: the information asked (informations demandées → complété). */
export const quoteAnswerRequest = quoteMessageRequest;

/**
 * POST /api/oms/quotes/{id}/accept: the positions of the latest proposal to put in the shared
 * cart, at the quoted prices (taken from the quote, never from the request). `version` must be
 * the latest: a revision in between refuses the acceptance.
 */
export const quoteAcceptRequest = z
  .object({
    version: z.number().int().positive(),
    positions: z.array(z.number().int().positive()).min(1, "Choisissez au moins une ligne à accepter.").max(200),
  })
  .strict();
export type QuoteAcceptRequest = z.infer<typeof quoteAcceptRequest>;

/**
 * The acceptance's answer: the quote (now « accepté ») and the shared cart as saved with the
 * accepted lines, priced at the quoted prices, and its new version (the portal pushes it to
 * the organization's other browsers).
 */
export const quoteAcceptResponse = z.object({ quote: quoteDetail, cart, version: z.number().int().positive() }).strict();
export type QuoteAcceptResponse = z.infer<typeof quoteAcceptResponse>;

/** POST …/refuse and …/cancel: an optional reason. */
export const quoteCloseRequest = z.object({ reason: message(0).optional() }).strict();

// ---- the representative: /api/sales/quotes (a contributor's own token) ---------------------

export const salesQuoteListQuery = z
  .object({
    state: quoteState.optional(),
    /** An organization's obj_id among the contributor's clients. */
    org_id: idParam.optional(),
    q: searchText(100),
    /**
     * « a-traiter » (the default): the quotes waiting for the representative first, then the
     * others, newest first in each group; « recents »: newest first only.
     */
    sort: z.enum(["a-traiter", "recents"], "Tri inconnu : choisissez « a-traiter » ou « recents ».").default("a-traiter"),
    page,
    size: pageSize(20),
  })
  .strict();
export type SalesQuoteListQuery = z.infer<typeof salesQuoteListQuery>;

/** The representative's list: each quote with its age in days (since it was asked, France). */
export const salesQuoteSummary = quoteSummary.extend({ age_days: z.number().int().nonnegative() }).strict();
export type SalesQuoteSummary = z.infer<typeof salesQuoteSummary>;
export const salesQuoteListResponse = pageOf(salesQuoteSummary)
  .extend({
    /** The organizations linked to the contributor, for the list's filter. */
    clients: z.array(z.object({ org_id: z.number().int().positive(), org_ref: z.string(), org_name: z.string() }).strict()),
  })
  .strict();
export type SalesQuoteListResponse = z.infer<typeof salesQuoteListResponse>;

/** POST /api/sales/quotes/{id}/ask-information: a question (→ informations demandées). */
export const quoteAskInformationRequest = quoteMessageRequest;

/** POST /api/sales/quotes/{id}/proposals: a proposal, or a revision of the one in force. */
export const quoteProposalRequest = z
  .object({
    valid_until: calendarDate,
    conditions: note(0, 2000),
    lines: z
      .array(
        z
          .object({
            obj_id: z.number().int().positive(),
            qty,
            unit_price: z
              .number()
              .int()
              .min(1, "Le prix doit être positif.")
              .max(10_000_000, "Prix unitaire trop élevé (au plus 100 000,00 €)."),
            answers_position: z.number().int().positive().nullable().optional(),
            note: note(0, 300).optional(),
          })
          .strict(),
      )
      .min(1, "Proposez au moins une ligne.")
      .max(200),
    message: message(0).optional(),
  })
  .strict();
export type QuoteProposalRequest = z.infer<typeof quoteProposalRequest>;

// ---- the distributor's systems and the scheduled job: /api/erp/quotes ----------------------

/** GET /api/erp/quotes/expiring?within_days=3: proposals expiring soon not yet reminded. */
export const expiringQuotesQuery = z.object({ within_days: z.coerce.number().int().min(0).max(30).default(3) }).strict();
/** Its answer: the quotes claimed now (each one is reminded once: reminded_at is set by this call). */
export const expiringQuote = z
  .object({
    quo_id: z.number().int().positive(),
    number: quoteNumber,
    org_id: z.number().int().positive(),
    org_ref: z.string(),
    customer_ref: z.string(),
    version: z.number().int().positive(),
    valid_until: isoDate,
  })
  .strict();
export type ExpiringQuote = z.infer<typeof expiringQuote>;
export const expiringQuotesResponse = z.object({ items: z.array(expiringQuote) }).strict();
