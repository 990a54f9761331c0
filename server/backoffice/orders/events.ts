import type { Kysely, Transaction } from "kysely";
import type { EventKind, OrderStatus } from "@shared/contracts/orders";
import type { EventData } from "@shared/domain/index";
import type { Database } from "../db/schema";

/** One step of an order's timeline (docs/orders.md). */
export interface NewEvent {
  orderId: number;
  at: Date;
  kind: EventKind;
  /** The order's status after the step, when it changed it. */
  status?: OrderStatus | null;
  /** The distributor's system (a service token's name) or the person who acted. */
  author: string;
  note?: string | null;
  data?: EventData;
}

export function eventRow(event: NewEvent) {
  return {
    order_id: event.orderId,
    at: event.at,
    kind: event.kind,
    status: event.status ?? null,
    author: event.author,
    note: event.note ?? null,
    data: JSON.stringify(event.data ?? {}),
  };
}

/** Records steps in the timeline, in the caller's transaction. */
export async function recordEvents(db: Kysely<Database> | Transaction<Database>, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto("order_events").values(events.map(eventRow)).execute();
}
