import { z } from "zod";
import { cents, eventInstant, isoDate, isoDateTime } from "./primitives";
import { QUOTE_ATTACHMENT_MAX_BYTES } from "./quotes";

/**
 * Returns (issue 39, docs/returns.md): a delivered order's lines sent back with a reason and
 * photos, followed from the request to its credit note or replacement. The customer asks
 * (`orders` right) within the distributor's window after delivery, never for more than was
 * delivered less what other returns already hold; the distributor's systems and the warehouse
 * command move it: demandé → accepté (return slip) or refusé → reçu (quantities actually
 * received) → avoir émis (the credit-note path, less the reason's restocking fee) or échange
 * expédié. Amounts are shown only with the `prices` right.
 *
 * Customer (behind the session; another organization's return is a 404):
 * GET  /api/returns/:orgId                         the organization's returns (?status=&page=)
 * GET  /api/returns/:orgId/eligible                delivered orders still within the window
 * GET  /api/returns/:orgId/orders/:orderId         what of one order may be returned, line by line
 * POST /api/returns/:orgId                         a new request (lines, reason, resolution, photos)
 * GET  /api/returns/:orgId/:number                 one return with its steps
 * POST /api/returns/:orgId/:number/withdraw        withdrawn by the customer while still « demandé »
 * GET  /api/returns/:orgId/:number/slip            the return slip (PDF), once accepted
 * GET  /api/returns/:orgId/:number/photos/:photoId one photo
 *
 * Distributor (service token, /api/erp):
 * GET  /api/erp/returns                 every organization's returns (?status=&org=&page=)
 * GET  /api/erp/returns/:number         one return
 * POST /api/erp/returns/:number/accept | refuse | receive | credit | exchange
 * GET  /api/erp/returns-settings, PUT /api/erp/returns-settings    the window, photos, fees, address
 */

// ---- vocabulary -------------------------------------------------------------------------------

export const RETURN_STATUSES = ["demandé", "accepté", "refusé", "reçu", "avoir émis", "échange expédié", "annulé"] as const;
export const returnStatus = z.enum(RETURN_STATUSES, "Statut de retour inconnu.");
export type ReturnStatus = z.infer<typeof returnStatus>;

/** Statuses after which nothing moves any more. */
export const FINAL_RETURN_STATUSES: readonly ReturnStatus[] = ["refusé", "avoir émis", "échange expédié", "annulé"];

export const RETURN_REASONS = ["order_error", "defective", "transport_damage", "delivery_error", "other"] as const;
export const returnReason = z.enum(RETURN_REASONS, "Choisissez le motif du retour.");
export type ReturnReason = z.infer<typeof returnReason>;

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  order_error: "Erreur de commande",
  defective: "Produit défectueux",
  transport_damage: "Colis abîmé au transport",
  delivery_error: "Erreur de livraison",
  other: "Autre motif",
};

export const RETURN_RESOLUTIONS = ["credit", "exchange"] as const;
export const returnResolution = z.enum(RETURN_RESOLUTIONS, "Choisissez avoir ou échange.");
export type ReturnResolution = z.infer<typeof returnResolution>;

export const RETURN_RESOLUTION_LABELS: Record<ReturnResolution, string> = { credit: "Avoir", exchange: "Échange" };

/** The steps of a return's history; each with its date and author. */
export const RETURN_STEP_KINDS = ["requested", "accepted", "refused", "received", "credited", "exchanged", "withdrawn"] as const;
export const returnStepKind = z.enum(RETURN_STEP_KINDS);
export type ReturnStepKind = z.infer<typeof returnStepKind>;

/** RET-2026-000012: given when the customer asks, quoted on the slip and on the parcel. */
export const RETURN_NUMBER = /^RET-\d{4}-\d{6}$/i;
export const returnNumber = z
  .string()
  .trim()
  .regex(RETURN_NUMBER, "Numéro de retour invalide (RET-AAAA-NNNNNN).")
  .transform((value) => value.toUpperCase());

/** Why a product cannot be sent back, as the form shows it. */
export const NOT_RETURNABLE_REASONS = ["mmsi", "hazardous", "flagged"] as const;
export const notReturnableReason = z.enum(NOT_RETURNABLE_REASONS);
export type NotReturnableReason = z.infer<typeof notReturnableReason>;

export const NOT_RETURNABLE_LABELS: Record<NotReturnableReason, string> = {
  mmsi: "Équipement MMSI programmé à votre identifiant : il ne peut pas être repris.",
  hazardous: "Produit dangereux : il ne peut pas être retourné par transporteur.",
  flagged: "Ce produit n'est ni repris ni échangé.",
};

// ---- photos -----------------------------------------------------------------------------------

export const RETURN_PHOTO_MAX_BYTES = QUOTE_ATTACHMENT_MAX_BYTES;
export const RETURN_PHOTOS_MAX = 5;

/** A photo sent with the request: PNG or JPEG read from its first bytes, at most 5 MB. */
export const returnPhotoUpload = z
  .object({
    file_name: z.string().trim().min(1).max(200),
    content_base64: z
      .string()
      .min(1, "La photo est vide.")
      .max(Math.ceil(RETURN_PHOTO_MAX_BYTES / 3) * 4, "La photo dépasse 5 Mo.")
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Photo illisible."),
  })
  .strict();
export type ReturnPhotoUpload = z.infer<typeof returnPhotoUpload>;

export const returnPhoto = z
  .object({
    id: z.number().int().positive(),
    file_name: z.string(),
    mime: z.enum(["image/png", "image/jpeg"]),
    size: z.number().int().positive(),
  })
  .strict();
export type ReturnPhoto = z.infer<typeof returnPhoto>;

// ---- the distributor's settings ---------------------------------------------------------------

export const returnAddress = z
  .object({
    name: z.string().trim().min(1).max(120),
    street: z.string().trim().min(1).max(200),
    street2: z.string().trim().max(200).nullable(),
    zipcode: z.string().trim().min(1).max(20),
    city: z.string().trim().min(1).max(120),
    country: z.string().trim().length(2).toUpperCase(),
  })
  .strict();
export type ReturnAddress = z.infer<typeof returnAddress>;

export const returnSettings = z
  .object({
    /** Days after delivery a line may be asked back (30 by default). */
    window_days: z.number().int().min(1, "Au moins 1 jour.").max(365, "Au plus 365 jours."),
    /** The reasons whose request needs at least one photo. */
    photo_required_reasons: z.array(returnReason).max(RETURN_REASONS.length),
    /** Restocking fee in percent of the returned lines' net amount, per reason (0: none). */
    restocking_fee_pct: z.record(returnReason, z.number().int().min(0, "Au moins 0 %.").max(100, "Au plus 100 %.")),
    /** Where parcels go; null: the distributor's head office. */
    address: returnAddress.nullable(),
    /** Printed on the slip (opening hours, packing advice). */
    instructions: z.string().trim().max(1000, "Les consignes comptent au plus 1000 caractères."),
  })
  .strict();
export type ReturnSettings = z.infer<typeof returnSettings>;

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  window_days: 30,
  photo_required_reasons: ["defective", "transport_damage"],
  restocking_fee_pct: { order_error: 15, defective: 0, transport_damage: 0, delivery_error: 0, other: 10 },
  address: null,
  instructions: "",
};

/** GET /api/erp/returns-settings: the settings and the address actually printed. */
export const returnSettingsResponse = returnSettings.extend({ effective_address: returnAddress }).strict();
export type ReturnSettingsResponse = z.infer<typeof returnSettingsResponse>;

// ---- what may be returned ----------------------------------------------------------------------

/** One product line of a delivered order, as the request form shows it. */
export const returnableLine = z
  .object({
    /** The order line's position, from 0 as the order stores it. */
    position: z.number().int().nonnegative(),
    obj_ref: z.string(),
    title: z.string(),
    /** The customer's own code for the product (docs/part-numbers.md), if any. */
    customer_code: z.string().nullable(),
    delivered: z.number().int().nonnegative(),
    /** Units other returns (not refused, not withdrawn) already hold. */
    in_returns: z.number().int().nonnegative(),
    /** What may still be asked: delivered − in returns, 0 when not returnable. */
    returnable: z.number().int().nonnegative(),
    not_returnable: notReturnableReason.nullable(),
    /** Net unit price HT plus ecotax, as invoiced; null without the `prices` right. */
    unit_price: cents.nullable(),
  })
  .strict();
export type ReturnableLine = z.infer<typeof returnableLine>;

export const returnableOrder = z
  .object({
    order_id: z.number().int().positive(),
    order_ref: z.string(),
    cart_ref: z.string(),
    delivered_on: isoDate,
    /** The last day a request is accepted (delivery + window). */
    deadline: isoDate,
    /** False once the deadline has passed: the lines are shown, nothing may be asked. */
    open: z.boolean(),
    lines: z.array(returnableLine),
    /** What the request form needs to know of the distributor's rules. */
    photo_required_reasons: z.array(returnReason),
    restocking_fee_pct: z.record(returnReason, z.number().int()),
  })
  .strict();
export type ReturnableOrder = z.infer<typeof returnableOrder>;

/** GET /api/returns/:orgId/eligible: delivered orders whose window is open, newest first. */
export const eligibleOrder = z
  .object({
    order_id: z.number().int().positive(),
    order_ref: z.string(),
    cart_ref: z.string(),
    delivered_on: isoDate,
    deadline: isoDate,
    /** Units that may still be asked, all lines together. */
    returnable_units: z.number().int().nonnegative(),
  })
  .strict();
export type EligibleOrder = z.infer<typeof eligibleOrder>;
export const eligibleOrdersResponse = z.object({ items: z.array(eligibleOrder), window_days: z.number().int().positive() }).strict();
export type EligibleOrdersResponse = z.infer<typeof eligibleOrdersResponse>;

// ---- a return ---------------------------------------------------------------------------------

export const returnLine = z
  .object({
    /** The order line's position, from 0 as the order stores it. */
    position: z.number().int().nonnegative(),
    obj_ref: z.string(),
    title: z.string(),
    customer_code: z.string().nullable(),
    qty: z.number().int().positive(),
    /** Units the warehouse received; null until the reception. */
    received: z.number().int().nonnegative().nullable(),
    /** Net unit price HT plus ecotax, as invoiced; null without the `prices` right. */
    unit_price: cents.nullable(),
  })
  .strict();
export type ReturnLine = z.infer<typeof returnLine>;

export const returnStep = z
  .object({
    kind: returnStepKind,
    at: isoDateTime,
    /** Who took it: a user's name, « Entrepôt », the ERP's name. */
    author: z.string(),
    /** The refusal's reason, the reception's remark…; null when none. */
    note: z.string().nullable(),
  })
  .strict();
export type ReturnStep = z.infer<typeof returnStep>;

export const returnCreditNote = z
  .object({
    invoice_id: z.number().int().positive(),
    number: z.string(),
    /** TTC; null without the `prices` right. */
    total_ttc: cents.nullable(),
  })
  .strict();

export const returnExchange = z
  .object({
    carrier: z.string(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    shipped_at: isoDateTime,
  })
  .strict();

export const returnSummary = z
  .object({
    id: z.number().int().positive(),
    number: z.string(),
    status: returnStatus,
    order_id: z.number().int().positive(),
    order_ref: z.string(),
    requested_at: isoDateTime,
    requested_by: z.string(),
    reason: returnReason,
    resolution: returnResolution,
    units: z.number().int().positive(),
    /** Lines × invoiced price, HT (received units once received); null without `prices`. */
    amount_ht: cents.nullable(),
    updated_at: isoDateTime,
  })
  .strict();
export type ReturnSummary = z.infer<typeof returnSummary>;

export const returnDetail = returnSummary
  .extend({
    comment: z.string(),
    lines: z.array(returnLine),
    photos: z.array(returnPhoto),
    steps: z.array(returnStep),
    /** The refusal's reason; null unless refused. */
    refusal: z.string().nullable(),
    /** The reason's fee in percent, applied to the credit note; null without `prices`. */
    restocking_fee_pct: z.number().int().nullable(),
    credit_notes: z.array(returnCreditNote),
    exchange: returnExchange.nullable(),
    /** The slip may be downloaded (accepted, received, credited, exchanged). */
    slip_available: z.boolean(),
    /** The customer may still withdraw it (« demandé »). */
    can_withdraw: z.boolean(),
  })
  .strict();
export type ReturnDetail = z.infer<typeof returnDetail>;

export const returnListQuery = z
  .object({
    status: returnStatus.optional(),
    order: z.coerce.number().int().positive().optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type ReturnListQuery = z.infer<typeof returnListQuery>;

export const RETURNS_PAGE_SIZE = 20;
export const returnListResponse = z
  .object({
    items: z.array(returnSummary),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    size: z.number().int().positive(),
  })
  .strict();
export type ReturnListResponse = z.infer<typeof returnListResponse>;

// Control characters are refused at every boundary already (shared/contracts/control-characters.ts).
const freeText = (max: number, label: string) => z.string().trim().max(max, `${label} compte au plus ${max} caractères.`);

/** POST /api/returns/:orgId. */
export const createReturnRequest = z
  .object({
    order_id: z.number().int().positive(),
    lines: z
      .array(
        z
          .object({
            position: z.number().int().nonnegative(),
            qty: z.number().int("Quantité entière attendue.").min(1, "Au moins 1.").max(99_999, "Quantité trop élevée."),
          })
          .strict(),
      )
      .min(1, "Indiquez au moins une ligne à retourner.")
      .max(500),
    reason: returnReason,
    resolution: returnResolution,
    comment: freeText(2000, "Le commentaire"),
    photos: z.array(returnPhotoUpload).max(RETURN_PHOTOS_MAX, `Au plus ${RETURN_PHOTOS_MAX} photos.`),
  })
  .strict();
export type CreateReturnRequest = z.infer<typeof createReturnRequest>;

// ---- the distributor's steps (service token) --------------------------------------------------

const stepBase = { at: eventInstant.optional(), note: freeText(500, "La note").optional() };

export const acceptReturnRequest = z.object(stepBase).strict();
export const refuseReturnRequest = z
  .object({ ...stepBase, reason: freeText(500, "Le motif").pipe(z.string().min(1, "Indiquez le motif du refus.")) })
  .strict();
export const receiveReturnRequest = z
  .object({
    ...stepBase,
    /** Units received per reference; a line left out received nothing. */
    lines: z
      .array(z.object({ obj_ref: z.string().trim().min(1).max(60), qty: z.number().int().min(0).max(99_999) }).strict())
      .min(1, "Indiquez les quantités reçues.")
      .max(500),
  })
  .strict();
export const creditReturnRequest = z
  .object({
    ...stepBase,
    /** Another fee than the reason's (a gesture), in percent. */
    restocking_fee_pct: z.number().int().min(0).max(100).optional(),
    /** INVOICES_ISSUED_BY=erp: the ERP's credit notes already sent by POST /api/erp/invoices. */
    credit_notes: z.array(z.string().trim().min(1).max(40)).min(1).max(20).optional(),
  })
  .strict();
export const exchangeReturnRequest = z
  .object({
    ...stepBase,
    carrier: z.string().trim().min(1, "Indiquez le transporteur.").max(80),
    tracking_number: z.string().trim().min(1).max(80).optional(),
    tracking_url: z.url().max(500).optional(),
  })
  .strict();
export type AcceptReturnRequest = z.infer<typeof acceptReturnRequest>;
export type RefuseReturnRequest = z.infer<typeof refuseReturnRequest>;
export type ReceiveReturnRequest = z.infer<typeof receiveReturnRequest>;
export type CreditReturnRequest = z.infer<typeof creditReturnRequest>;
export type ExchangeReturnRequest = z.infer<typeof exchangeReturnRequest>;

/** A return as the distributor's systems read it: the detail with its customer, amounts always shown. */
export const serviceReturnDetail = returnDetail
  .extend({ customer: z.object({ org_id: z.number().int().positive(), ref: z.string(), name: z.string() }).strict() })
  .strict();
export type ServiceReturnDetail = z.infer<typeof serviceReturnDetail>;

export const serviceReturnListQuery = z
  .object({
    status: returnStatus.optional(),
    org: z.string().trim().max(40).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export const serviceReturnListResponse = z
  .object({
    items: z.array(returnSummary.extend({ customer_ref: z.string(), customer_name: z.string() }).strict()),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    size: z.number().int().positive(),
  })
  .strict();
export type ServiceReturnListResponse = z.infer<typeof serviceReturnListResponse>;
