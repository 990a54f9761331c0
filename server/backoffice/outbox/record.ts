import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { EventCustomer, OutboxEventData, OutboxEventType } from "@shared/contracts/outbox";
import type { Database } from "../db/schema";
import { outboxSignal } from "./signal";

/**
 * Writes a business event into the outbox (decision 0182), always inside the transaction of the
 * change it reports: both commit or neither does. Delivery comes after the commit, from the
 * deliverer (deliverer.ts), never inside the request that made the change.
 */
export interface NewOutboxEvent<Type extends OutboxEventType> {
  type: Type;
  /** Delivery keeps the order within a stream: `order:CMD-000123`, `quote:DEV-2026-0042`… */
  stream: string;
  orgId: number | null;
  at: Date;
  data: OutboxEventData<Type>;
}

export async function recordOutboxEvent<Type extends OutboxEventType>(trx: Kysely<Database>, event: NewOutboxEvent<Type>): Promise<string> {
  const eventId = randomUUID();
  await trx
    .insertInto("outbox_events")
    .values({
      event_id: eventId,
      type: event.type,
      occurred_at: event.at,
      stream: event.stream,
      org_id: event.orgId,
      data: JSON.stringify(event.data),
      next_attempt_at: event.at,
    })
    .execute();
  outboxSignal.recorded();
  return eventId;
}

/** The organization as events name it. */
export async function eventCustomerOf(trx: Kysely<Database>, orgId: number): Promise<EventCustomer> {
  const org = await trx.selectFrom("organizations").select(["id", "ref", "name"]).where("id", "=", orgId).executeTakeFirstOrThrow();
  return { org_id: org.id, ref: org.ref, name: org.name };
}
