import { z } from "zod";
import { address } from "./entities";
import {
  PERIOD_ORDER_ISSUE,
  calendarDate,
  cents,
  eventInstant,
  idParam,
  isoDate,
  isoDateTime,
  note,
  page,
  pageOf,
  pageSize,
  periodInOrder,
  searchText,
} from "./primitives";

/**
 * The orders' follow-up (docs/orders.md): what the distributor's systems send as an order moves
 * (the /api/erp calls, a service token), and what a portal user reads of the organization's
 * orders, back-orders and purchase history (the /api/oms calls, a user's token). Every request
 * schema is strict; statuses and states are the French words the portal shows.
 *
 * Amounts are integer cents, or null when the caller may not see prices (a people account
 * without the `prices` flag): the keys are always there, the values are not
 * (docs/decisions/0103-order-follow-up-for-customers.md).
 */

// ---- vocabulary ---------------------------------------------------------------------------

export const ORDER_STATUSES = [
  "confirmée",
  "acceptée",
  "en préparation",
  "expédiée partiellement",
  "expédiée",
  "livrée",
  "annulée",
] as const;
export const orderStatus = z.enum(
  ORDER_STATUSES,
  `Statut inconnu : choisissez parmi ${ORDER_STATUSES.map((status) => `« ${status} »`).join(", ")}.`,
);
export type OrderStatus = z.infer<typeof orderStatus>;

/** What happened to an order, in its timeline (the label says it in French). */
export const EVENT_KINDS = [
  "confirmed",
  "accepted",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
  "line_cancelled",
  "backorder_available",
  "cancellation_requested",
  "cancellation_refused",
] as const;
export const eventKind = z.enum(EVENT_KINDS);
export type EventKind = z.infer<typeof eventKind>;

/** A back-order (reliquat): waiting for stock, stock arrived, sent since, or cancelled. */
export const BACKORDER_STATES = ["en attente", "disponible", "expédié", "annulé"] as const;
export const backorderState = z.enum(BACKORDER_STATES);
export type BackorderState = z.infer<typeof backorderState>;

/** A customer's request to cancel a remainder, until and after the distributor answers. */
export const REQUEST_STATUSES = ["en attente", "acceptée", "refusée"] as const;
export const requestStatus = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatus>;

// ---- input pieces -------------------------------------------------------------------------

const positiveQty = z.number().int().min(1, "La quantité doit être d'au moins 1.").max(9999, "Au plus 9 999 par ligne.");
const productRef = z.string().trim().min(1, "La référence est obligatoire.").max(60, "Une référence compte au plus 60 caractères.");

// ---- shared answer pieces -----------------------------------------------------------------

/**
 * Who placed an order: `name` is the name it was confirmed under (the contributor's, when a
 * contributor acted for the organization: then `on_behalf_of` is the organization's name, shown
 * « par X pour Y »).
 */
export const orderAuthor = z
  .object({ usr_id: z.number().int().positive(), name: z.string(), on_behalf_of: z.string().nullable() })
  .strict();
export type OrderAuthor = z.infer<typeof orderAuthor>;

export const cancellationRequest = z
  .object({
    req_id: z.number().int().positive(),
    ord_id: z.number().int().positive(),
    ord_ref: z.string(),
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    /** The remainder it asked to cancel, when it was asked. */
    qty: z.number().int().positive(),
    reason: z.string(),
    requested_at: isoDateTime,
    requested_by: z.string(),
    status: requestStatus,
    answered_at: isoDateTime.nullable(),
    /** The distributor's system that answered. */
    answered_by: z.string().nullable(),
    /** The distributor's message (a refusal's reason). */
    answer: z.string().nullable(),
  })
  .strict();
export type CancellationRequest = z.infer<typeof cancellationRequest>;

/** A back-order as an order line carries it (null on a line that never was one). */
export const lineBackorder = z
  .object({
    state: backorderState,
    /**
     * Units on back-order: what the customer waits for beyond what ships now (`backorderUnits`,
     * decision 0160), the one figure « en reliquat » everywhere; 0 once sent or cancelled.
     */
    qty: z.number().int().nonnegative(),
    /** When the line became a back-order. */
    since: isoDateTime,
    /** The product's next refill (« date prévisionnelle »), as the stock says now. */
    expected_date: isoDate.nullable(),
    /** When a stock arrival made it available (null when derived from the stock alone, or waiting). */
    available_at: isoDateTime.nullable(),
  })
  .strict();
export type LineBackorder = z.infer<typeof lineBackorder>;

export const orderDetailLine = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    ordered: z.number().int().positive(),
    shipped: z.number().int().nonnegative(),
    cancelled: z.number().int().nonnegative(),
    /** ordered − shipped − cancelled: still to be sent. */
    remaining: z.number().int().nonnegative(),
    backorder: lineBackorder.nullable(),
    unit_price: cents.nullable(),
    prd_ecotaxe: cents.nullable(),
    line_total_ht: cents.nullable(),
    certificates: z.array(z.object({ cer_id: z.string(), mmsi: z.string(), file_name: z.string() }).strict()),
    /** The latest request to cancel this line's remainder (pending, or answered), if any. */
    cancellation_request: cancellationRequest.nullable(),
    /** The quote whose price the line was ordered at (docs/quotes.md), or null. */
    quote_number: z.string().nullable().optional(),
    /** The organization's own code for the product when it was ordered (docs/part-numbers.md), or null. */
    customer_code: z.string().nullable().optional(),
  })
  .strict();
export type OrderDetailLine = z.infer<typeof orderDetailLine>;

export const orderShippingLine = z.object({ obj_ref: z.string(), obj_title: z.string(), amount_ht: cents.nullable() }).strict();

export const shipment = z
  .object({
    number: z.number().int().positive(),
    shipped_at: isoDateTime,
    carrier: z.string(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    author: z.string(),
    lines: z.array(z.object({ obj_ref: z.string(), obj_title: z.string(), qty: z.number().int().positive() }).strict()),
  })
  .strict();
export type Shipment = z.infer<typeof shipment>;

export const timelineEvent = z
  .object({
    at: isoDateTime,
    kind: eventKind,
    /** The order's status after the event (null when it did not change it). */
    status: orderStatus.nullable(),
    /** The event in French, for people. */
    label: z.string(),
    /** A system's name (the distributor's) or a person's. */
    author: z.string(),
    /** A reason or a message given with the event. */
    note: z.string().nullable(),
  })
  .strict();
export type TimelineEvent = z.infer<typeof timelineEvent>;

/** The request an order was approved from: its number, who asked, who approved and when. */
export const orderApproval = z
  .object({ number: z.string(), requested_by: z.string(), approved_by: z.string(), approved_at: isoDateTime })
  .strict();
export type OrderApproval = z.infer<typeof orderApproval>;

export const orderDetail = z
  .object({
    ord_id: z.number().int().positive(),
    ord_ref: z.string(),
    org_id: z.number().int().positive(),
    org_ref: z.string(),
    org_name: z.string(),
    created_at: isoDateTime,
    status: orderStatus,
    cart_ref: z.string(),
    comments: z.string(),
    notes: z.string(),
    author: orderAuthor,
    options: z.object({ partialDelivery: z.boolean(), saturday: z.boolean(), ldd_active: z.boolean() }).strict(),
    dlv_address: address.nullable(),
    inv_address: address.nullable(),
    lines: z.array(orderDetailLine),
    shipping_lines: z.array(orderShippingLine),
    shipments: z.array(shipment),
    timeline: z.array(timelineEvent),
    ord_total_ht: cents.nullable(),
    ord_total_ecotaxe: cents.nullable(),
    ord_total_tva: cents.nullable(),
    ord_total_ttc: cents.nullable(),
    /** The quotes some of its lines were ordered from, sorted. */
    quote_numbers: z.array(z.string()).optional(),
    /** Placed by approving a request (docs/approvals.md): the author above is the requester. */
    approval: orderApproval.nullable().optional(),
    /** Placed by a run of a replenishment schedule (docs/replenishment.md); absent otherwise. */
    schedule: z.object({ id: z.number().int().positive(), name: z.string() }).strict().nullable().optional(),
  })
  .strict();
export type OrderDetail = z.infer<typeof orderDetail>;

// ---- customer calls: GET /api/oms/orders --------------------------------------------------

export const orderListQuery = z
  .object({
    org_id: idParam,
    /** Confirmed on or after this date (France). */
    from: calendarDate.optional(),
    /** Confirmed on or before this date (France). */
    to: calendarDate.optional(),
    status: orderStatus.optional(),
    /** In the customer's reference (cart_ref) or the order number; accents and case ignored. */
    ref: searchText(100),
    /** A product of the order: a reference's beginning, or words of its title. */
    product: searchText(100),
    /** The author's usr_id (one of the answer's `authors`). */
    author: idParam.optional(),
    page,
    size: pageSize(20),
  })
  .strict()
  .refine(periodInOrder, PERIOD_ORDER_ISSUE);
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderSummary = z
  .object({
    ord_id: z.number().int().positive(),
    ord_ref: z.string(),
    created_at: isoDateTime,
    cart_ref: z.string(),
    author: orderAuthor,
    status: orderStatus,
    /** Product lines (shipping lines aside). */
    line_count: z.number().int().nonnegative(),
    /** Product lines with units on back-order now. */
    backorder_count: z.number().int().nonnegative(),
    /** As stored: HT without the ecotax, which ord_total_ecotaxe carries (decision 0161). */
    ord_total_ht: cents.nullable(),
    ord_total_ecotaxe: cents.nullable(),
    ord_total_tva: cents.nullable(),
    ord_total_ttc: cents.nullable(),
  })
  .strict();
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderListResponse = pageOf(orderSummary)
  .extend({
    /** Everyone who placed an order of the organization (the author filter's choices), in French order. */
    authors: z.array(z.object({ usr_id: z.number().int().positive(), name: z.string() }).strict()),
  })
  .strict();
export type OrderListResponse = z.infer<typeof orderListResponse>;

// ---- customer calls: back-orders, history, cancellation requests ----------------------------

export const backorderListQuery = z.object({ org_id: idParam, page, size: pageSize(50) }).strict();

export const backorderLine = z
  .object({
    ord_id: z.number().int().positive(),
    ord_ref: z.string(),
    ord_created_at: isoDateTime,
    cart_ref: z.string(),
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    ordered: z.number().int().positive(),
    shipped: z.number().int().nonnegative(),
    /** ordered − shipped − cancelled: still to send, what ships now included; not the back-order (`backorder.qty`). */
    remaining: z.number().int().positive(),
    backorder: lineBackorder,
    unit_price: cents.nullable(),
    cancellation_request: cancellationRequest.nullable(),
  })
  .strict();
export type BackorderLine = z.infer<typeof backorderLine>;

export const backorderListResponse = pageOf(backorderLine);

export const historyQuery = z.object({ org_id: idParam, q: searchText(100), page, size: pageSize(20) }).strict();
export type HistoryQuery = z.infer<typeof historyQuery>;

export const historyRow = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    obj_title: z.string(),
    /** Units ordered over the period, cancelled ones aside. */
    total_qty: z.number().int().positive(),
    order_count: z.number().int().positive(),
    last_ordered_at: isoDateTime,
    last_unit_price: cents.nullable(),
  })
  .strict();
export type HistoryRow = z.infer<typeof historyRow>;

export const historyResponse = pageOf(historyRow)
  .extend({
    /** First day of the period (twelve months back, France). */
    since: isoDate,
  })
  .strict();

/** POST /api/oms/orders/:ord_id/cancellation-requests: cancel this product's remainder, please. */
export const cancellationRequestBody = z.object({ obj_id: z.number().int().positive(), reason: note(3, 500) }).strict();

// ---- the distributor's systems: /api/erp ------------------------------------------------------

/** accept, prepare, deliver: when (default now) and an optional note. */
export const orderMoveRequest = z.object({ at: eventInstant.optional(), note: note(1, 500).optional() }).strict();

/** cancel: the whole order, or one line's remainder (`obj_ref`). */
export const orderCancelRequest = z
  .object({ at: eventInstant.optional(), obj_ref: productRef.optional(), note: note(1, 500).optional() })
  .strict();

export const shipmentRequest = z
  .object({
    at: eventInstant.optional(),
    carrier: z.string().trim().min(1, "Le transporteur est obligatoire.").max(60, "Le transporteur compte au plus 60 caractères."),
    tracking_number: z.string().trim().min(1).max(60, "Le numéro de suivi compte au plus 60 caractères.").optional(),
    tracking_url: z
      .url({ protocol: /^https?$/, error: "Le lien de suivi doit être une adresse http(s)." })
      .max(500)
      .optional(),
    lines: z
      .array(z.object({ obj_ref: productRef, qty: positiveQty }).strict())
      .min(1, "Une expédition compte au moins une ligne.")
      .max(500, "Au plus 500 lignes par expédition."),
  })
  .strict();
export type ShipmentRequest = z.infer<typeof shipmentRequest>;

/** POST /api/erp/stocks/:obj_ref/arrivals: units received; the next refill, if one is awaited. */
export const stockArrivalRequest = z
  .object({
    at: eventInstant.optional(),
    qty: z.number().int().min(1, "La quantité doit être d'au moins 1.").max(1_000_000, "Au plus 1 000 000 unités."),
    next_refill_date: calendarDate.nullable().optional(),
    next_refill_qty: z.number().int().min(1).max(1_000_000).nullable().optional(),
  })
  .strict();

export const stockArrivalResponse = z
  .object({
    obj_id: z.number().int().positive(),
    obj_ref: z.string(),
    sto_disp: z.number().int(),
    sto_refill_date: isoDate.nullable(),
    sto_refill_qte: z.number().int().nullable(),
    /** The back-orders this arrival made available, oldest order first. */
    backorders_available: z.array(z.object({ ord_ref: z.string(), qty: z.number().int().positive() }).strict()),
  })
  .strict();
export type StockArrival = z.infer<typeof stockArrivalResponse>;

export const serviceOrderListQuery = z
  .object({
    status: orderStatus.optional(),
    /** An organization's reference (C0001). */
    org: z
      .string()
      .trim()
      .max(20)
      .regex(/^[A-Za-z0-9-]*$/, "Référence d'organisation invalide.")
      .optional(),
    page,
    size: pageSize(20),
  })
  .strict();

export const serviceOrderSummary = orderSummary
  .extend({ org_ref: z.string(), org_name: z.string(), remaining_units: z.number().int().nonnegative() })
  .strict();
export type ServiceOrderSummary = z.infer<typeof serviceOrderSummary>;

export const serviceOrderListResponse = pageOf(serviceOrderSummary);

export const serviceRequestListQuery = z.object({ status: requestStatus.default("en attente") }).strict();
export const serviceCancellationRequest = cancellationRequest.extend({ org_ref: z.string(), org_name: z.string() }).strict();
export const serviceRequestListResponse = z.array(serviceCancellationRequest);

export const requestAcceptBody = z.object({ at: eventInstant.optional(), message: note(1, 500).optional() }).strict();
export const requestRefuseBody = z.object({ at: eventInstant.optional(), message: note(3, 500) }).strict();
