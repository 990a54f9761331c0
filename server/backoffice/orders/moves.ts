import type { Kysely, Transaction } from "kysely";
import type { OrderStatus } from "@shared/contracts/orders";
import { normalizeReference, remainingOf, statusAfterQuantities } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { recordEvents } from "./events";
import { assertMove, lockOrderByRef, productLines, quantitiesOf, stepInstant, type LockedOrder } from "./order-lock";
import { closeRequests } from "./requests-close";

/**
 * The steps of an order that change its status alone (accept, prepare, deliver) and its
 * cancellations (the whole order, or a line's remainder), as the distributor's systems record
 * them (docs/orders.md). Each runs in one transaction with the order locked.
 */

export interface StepInput {
  ref: string;
  /** The system's name: the step's author. */
  author: string;
  at?: string;
  note?: string;
  now: Date;
}

const SIMPLE_STEPS = {
  accept: { status: "acceptée", kind: "accepted" },
  prepare: { status: "en préparation", kind: "preparing" },
  deliver: { status: "livrée", kind: "delivered" },
} as const;

async function setStatus(trx: Transaction<Database>, orderId: number, status: OrderStatus): Promise<void> {
  await trx.updateTable("orders").set({ status }).where("id", "=", orderId).execute();
}

/** accept, prepare or deliver an order, when its status allows it. */
export async function simpleStep(db: Kysely<Database>, step: keyof typeof SIMPLE_STEPS, input: StepInput): Promise<void> {
  const { status, kind } = SIMPLE_STEPS[step];
  await db.transaction().execute(async (trx) => {
    const order = await lockOrderByRef(trx, input.ref);
    assertMove(order, step);
    const at = stepInstant(input.at, input.now, order);
    await setStatus(trx, order.id, status);
    await recordEvents(trx, [{ orderId: order.id, at, kind, status, author: input.author, note: input.note }]);
  });
}

/** Cancels the whole order (nothing shipped yet): every remainder, the pending requests granted. */
export async function cancelOrder(db: Kysely<Database>, input: StepInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrderByRef(trx, input.ref);
    assertMove(order, "cancel");
    const at = stepInstant(input.at, input.now, order);
    const lines = productLines(order);
    for (const line of lines) {
      await trx
        .updateTable("order_lines")
        .set({ cancelled_qty: line.qty - line.shipped_qty, backorder_qty: 0 })
        .where("order_id", "=", order.id)
        .where("position", "=", line.position)
        .execute();
    }
    await setStatus(trx, order.id, "annulée");
    await recordEvents(trx, [{ orderId: order.id, at, kind: "cancelled", status: "annulée", author: input.author, note: input.note }]);
    await closeRequests(trx, {
      orderId: order.id,
      positions: lines.map((line) => line.position),
      outcome: "acceptée",
      answer: input.note ?? "Commande annulée.",
      author: input.author,
      at,
    });
  });
}

/**
 * Cancels what remains of one product line, in a locked order: its back-order ends, the order's
 * status follows (all sent or cancelled: « expédiée », or « annulée » when nothing was sent).
 */
export async function cancelLineIn(
  trx: Transaction<Database>,
  order: LockedOrder,
  objRef: string,
  step: Omit<StepInput, "ref">,
  answer: string,
): Promise<void> {
  assertMove(order, "cancel_line");
  const ref = normalizeReference(objRef);
  const lines = productLines(order);
  const line = lines.find((candidate) => normalizeReference(candidate.ref) === ref);
  if (!line) {
    throw new ApiFailure(422, "unknown_line", `La référence ${ref} ne figure pas sur la commande ${order.ref}.`, {
      issues: [{ path: "obj_ref", message: "Référence absente de la commande." }],
    });
  }
  const remaining = remainingOf(quantitiesOf(line));
  if (remaining === 0) {
    throw new ApiFailure(
      422,
      "nothing_to_cancel",
      `La ligne ${line.ref} n'a plus rien à annuler : commandé ${line.qty}, expédié ${line.shipped_qty}, annulé ${line.cancelled_qty}.`,
    );
  }
  const at = stepInstant(step.at, step.now, order);
  await trx
    .updateTable("order_lines")
    .set({ cancelled_qty: line.cancelled_qty + remaining, backorder_qty: 0 })
    .where("order_id", "=", order.id)
    .where("position", "=", line.position)
    .execute();
  const after = lines.map((candidate) =>
    candidate === line ? { ...quantitiesOf(line), cancelled: line.cancelled_qty + remaining } : quantitiesOf(candidate),
  );
  const status = statusAfterQuantities(order.status, after);
  if (status !== order.status) await setStatus(trx, order.id, status);
  await recordEvents(trx, [
    {
      orderId: order.id,
      at,
      kind: "line_cancelled",
      status: status === order.status ? null : status,
      author: step.author,
      note: step.note,
      data: { obj_ref: line.ref, qty: remaining },
    },
  ]);
  await closeRequests(trx, { orderId: order.id, positions: [line.position], outcome: "acceptée", answer, author: step.author, at });
}

/** Cancels one line's remainder of an order given by its number. */
export async function cancelLine(db: Kysely<Database>, objRef: string, input: StepInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const order = await lockOrderByRef(trx, input.ref);
    await cancelLineIn(trx, order, objRef, input, input.note ?? "Reliquat annulé.");
  });
}
