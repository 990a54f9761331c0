import { z } from "zod";
import { approvalSummary } from "./approvals";
import { cancellationRequest, orderDetail } from "./orders";
import { isoDateTime } from "./primitives";
import { quoteDetail } from "./quotes";
import { scheduleRun, scheduleSummary } from "./replenishment";
import { returnDetail, returnStepKind } from "./returns";
import { accountRequestView, contactView } from "./requests";

/**
 * The business events the distributor's ERP hears of (docs/integration.md « Événements »,
 * decisions 0182 and 0183): written in the transaction of the change they report, then posted
 * to ERP_WEBHOOK_URL (signed) and readable in order with GET /api/erp/events?after=<cursor>.
 * Each event's `data` is the change as the matching /api/erp read would answer it at that
 * moment, so the ERP needs no call back to act on it.
 */

export const OUTBOX_EVENT_TYPES = [
  "order.confirmed",
  "order.cancellation_requested",
  "quote.requested",
  "quote.accepted",
  "account_request.received",
  "contact_message.received",
  "approval.requested",
  "approval.approved",
  "approval.refused",
  "approval.withdrawn",
  "replenishment.run_failed",
  "replenishment.schedule_changed",
  "return.requested",
  "return.status_changed",
] as const;
export const outboxEventType = z.enum(OUTBOX_EVENT_TYPES);
export type OutboxEventType = z.infer<typeof outboxEventType>;

/** The organization an event is about; `ref` is the customer code the customers feed upserts by (C0001). */
export const eventCustomer = z
  .object({
    org_id: z.number().int().positive(),
    ref: z.string(),
    name: z.string(),
  })
  .strict();
export type EventCustomer = z.infer<typeof eventCustomer>;

/** A quote as the ERP reads it: the commercial side's detail, without the page's actions. */
export const eventQuote = quoteDetail.omit({ actions: true });

/** A replenishment schedule as the ERP reads it: the page's summary without what the caller may do. */
export const eventSchedule = scheduleSummary.omit({ can_edit: true });

/** What changed a schedule (created … deleted): the ERP forecasts the customer's next orders from them. */
export const SCHEDULE_CHANGES = ["created", "updated", "skipped", "paused", "resumed", "deleted"] as const;

export const outboxEventData = {
  "order.confirmed": z.object({ customer: eventCustomer, order: orderDetail }).strict(),
  "order.cancellation_requested": z.object({ customer: eventCustomer, request: cancellationRequest }).strict(),
  "quote.requested": z.object({ customer: eventCustomer, quote: eventQuote }).strict(),
  "quote.accepted": z.object({ customer: eventCustomer, quote: eventQuote }).strict(),
  "account_request.received": z.object({ request: accountRequestView }).strict(),
  "contact_message.received": z.object({ customer: eventCustomer.nullable(), message: contactView }).strict(),
  // A cart waiting for the customer's approver is no order: the order, if any, comes as order.confirmed.
  "approval.requested": z.object({ customer: eventCustomer, approval: approvalSummary }).strict(),
  "approval.approved": z.object({ customer: eventCustomer, approval: approvalSummary }).strict(),
  "approval.refused": z.object({ customer: eventCustomer, approval: approvalSummary }).strict(),
  "approval.withdrawn": z.object({ customer: eventCustomer, approval: approvalSummary }).strict(),
  // A run that placed nothing (docs/replenishment.md); a placed run's order comes as order.confirmed.
  "replenishment.run_failed": z.object({ customer: eventCustomer, schedule: eventSchedule, run: scheduleRun }).strict(),
  "replenishment.schedule_changed": z
    .object({ customer: eventCustomer, change: z.enum(SCHEDULE_CHANGES), by: z.string(), schedule: eventSchedule })
    .strict(),
  // docs/returns.md: a customer's request, then every step (the warehouse's as the ERP's, and the customer's withdrawal).
  "return.requested": z.object({ customer: eventCustomer, return: returnDetail }).strict(),
  "return.status_changed": z.object({ customer: eventCustomer, step: returnStepKind, return: returnDetail }).strict(),
} as const satisfies Record<OutboxEventType, z.ZodType>;
export type OutboxEventData<Type extends OutboxEventType> = z.infer<(typeof outboxEventData)[Type]>;

/** What is posted to the webhook and listed by the polling call: the same envelope. */
export const outboxEvent = z
  .object({
    /** Unique and stable: the receiver's idempotency key (also sent as `Idempotency-Key`). */
    id: z.uuid(),
    type: outboxEventType,
    occurred_at: isoDateTime,
    data: z.record(z.string(), z.unknown()),
  })
  .strict();
export type OutboxEvent = z.infer<typeof outboxEvent>;

/** The envelope with its `data` checked against its type's schema (tests, the ERP's own code). */
export function parseOutboxEvent(
  value: unknown,
): { [Type in OutboxEventType]: OutboxEvent & { type: Type; data: OutboxEventData<Type> } }[OutboxEventType] {
  const envelope = outboxEvent.parse(value);
  const data = outboxEventData[envelope.type].parse(envelope.data);
  return { ...envelope, data } as ReturnType<typeof parseOutboxEvent>;
}

// ---- GET /api/erp/events?after=<cursor>&limit= ---------------------------------------------------

/** A position in the events' order: opaque to the ERP, a decimal number here. */
export const eventCursor = z.string().regex(/^\d{1,19}$/, "Curseur invalide : reprenez la valeur `next_cursor` d'une réponse précédente.");

export const eventListQuery = z
  .object({
    /** Events after this cursor; absent: from the first one kept. */
    after: eventCursor.optional(),
    limit: z.coerce.number().int().min(1, "Au moins 1 événement.").max(500, "Au plus 500 événements par page.").default(100),
  })
  .strict();
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventListResponse = z
  .object({
    items: z.array(outboxEvent.extend({ cursor: eventCursor }).strict()),
    /** Send it back as `after` for the next page; the same value when nothing new committed yet. */
    next_cursor: eventCursor.nullable(),
    /** More events are ready now: ask again at once. */
    has_more: z.boolean(),
  })
  .strict();
export type EventListResponse = z.infer<typeof eventListResponse>;

// ---- set aside, replay: GET /api/erp/events/set-aside, POST /api/erp/events/replay --------------

export const DELIVERY_STATES = ["pending", "delivered", "set_aside"] as const;

export const eventDeliveryView = z
  .object({
    cursor: eventCursor,
    id: z.uuid(),
    type: outboxEventType,
    occurred_at: isoDateTime,
    /** The order, quote or request the event belongs to: delivered in order within it. */
    stream: z.string(),
    delivery: z.enum(DELIVERY_STATES),
    attempts: z.number().int().nonnegative(),
    first_attempt_at: isoDateTime.nullable(),
    next_attempt_at: isoDateTime.nullable(),
    /** The receiver's last HTTP status, null when it could not be reached. */
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    set_aside_at: isoDateTime.nullable(),
  })
  .strict();
export type EventDeliveryView = z.infer<typeof eventDeliveryView>;

export const setAsideListQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict();
export const setAsideListResponse = z.object({ items: z.array(eventDeliveryView), total: z.number().int().nonnegative() }).strict();
export type SetAsideListResponse = z.infer<typeof setAsideListResponse>;

export const replayRequest = z
  .union([
    z.object({ ids: z.array(z.uuid("Identifiant d'événement invalide.")).min(1, "Nommez au moins un événement.").max(1000) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ])
  .describe("{ ids: [...] } or { all: true }");
export type ReplayRequest = z.infer<typeof replayRequest>;

export const replayResponse = z
  .object({
    /** Events put back in the queue (their order's following events go with them). */
    replayed: z.number().int().nonnegative(),
    /** Ids asked that are not set aside (delivered, pending or unknown). */
    not_set_aside: z.array(z.uuid()),
  })
  .strict();
export type ReplayResponse = z.infer<typeof replayResponse>;
