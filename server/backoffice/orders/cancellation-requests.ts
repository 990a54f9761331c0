import type { Kysely } from "kysely";
import type { CancellationRequest, RequestStatus } from "@shared/contracts/orders";
import { moveRefusal } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { recordEvents } from "./events";
import { cancelLineIn, type StepInput } from "./moves";
import { lockOrderByRef, lockOrganizationOrder, stepInstant } from "./order-lock";
import { closeRequests } from "./requests-close";
import { requestsQuery } from "./requests-query";
import { requestView } from "./views";

/**
 * A customer's request to cancel a back-order's remainder (docs/orders.md): recorded with who
 * asked, when and why, shown until the distributor's system grants it (the remainder is
 * cancelled) or refuses it with a message.
 */

export interface RequestInput {
  orgId: number;
  orderId: number;
  productId: number;
  reason: string;
  /** Who asked: the user, or the contributor acting for the organization. */
  userId: number;
  userName: string;
  now: Date;
}

async function readRequest(db: Kysely<Database>, id: number): Promise<CancellationRequest> {
  return requestView(await requestsQuery(db).where("r.id", "=", id).executeTakeFirstOrThrow());
}

export async function requestCancellation(db: Kysely<Database>, input: RequestInput): Promise<CancellationRequest> {
  const id = await db.transaction().execute(async (trx) => {
    const order = await lockOrganizationOrder(trx, input.orgId, input.orderId);
    if (!order) throw notFound();
    const line = order.lines.find((candidate) => !candidate.is_port && candidate.product_id === input.productId);
    if (!line) {
      throw new ApiFailure(422, "no_backorder", `Ce produit ne figure pas sur la commande ${order.ref}.`, {
        issues: [{ path: "obj_id", message: "Produit absent de la commande." }],
      });
    }
    const refusal = moveRefusal(order.ref, order.status, "cancel_line");
    if (refusal) throw new ApiFailure(409, "order_state", refusal, { status: order.status });
    if (line.backorder_qty === 0) {
      throw new ApiFailure(422, "no_backorder", `La ligne ${line.ref} n'a pas de reliquat à annuler.`, {
        issues: [{ path: "obj_id", message: "Pas de reliquat sur cette ligne." }],
      });
    }
    const pending = await trx
      .selectFrom("cancellation_requests")
      .select("id")
      .where("order_id", "=", order.id)
      .where("position", "=", line.position)
      .where("status", "=", "en attente")
      .executeTakeFirst();
    if (pending) {
      throw new ApiFailure(
        409,
        "request_pending",
        `Une demande d'annulation du reliquat ${line.ref} attend déjà la réponse du distributeur.`,
      );
    }
    const { id: requestId } = await trx
      .insertInto("cancellation_requests")
      .values({
        order_id: order.id,
        position: line.position,
        qty: line.backorder_qty,
        requested_by: input.userId,
        requested_by_name: input.userName,
        requested_at: input.now,
        reason: input.reason,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordEvents(trx, [
      {
        orderId: order.id,
        at: input.now,
        kind: "cancellation_requested",
        author: input.userName,
        note: input.reason,
        data: { obj_ref: line.ref, qty: line.backorder_qty },
      },
    ]);
    // The ERP answers it (POST /api/erp/cancellation-requests/…): told through the outbox, in the order's stream.
    await recordOutboxEvent(trx, {
      type: "order.cancellation_requested",
      stream: `order:${order.ref}`,
      orgId: input.orgId,
      at: input.now,
      data: { customer: await eventCustomerOf(trx, input.orgId), request: await readRequest(trx, requestId) },
    });
    return requestId;
  });
  return readRequest(db, id);
}

/** The requests of every organization in one state (pending by default), oldest first. */
export async function listRequests(db: Kysely<Database>, status: RequestStatus) {
  const rows = await requestsQuery(db)
    .innerJoin("organizations as g", "g.id", "o.org_id")
    .select(["g.ref as org_ref", "g.name as org_name"])
    .where("r.status", "=", status)
    .orderBy("r.requested_at")
    .orderBy("r.id")
    .limit(500)
    .execute();
  return rows.map((row) => ({ ...requestView(row), org_ref: row.org_ref, org_name: row.org_name }));
}

export type Answer = { grant: true; message?: string } | { grant: false; message: string };

/**
 * The distributor's answer to a pending request: granted, the line's remainder is cancelled
 * (the order's status follows); refused, the request keeps the message and the timeline says so.
 */
export async function answerRequest(
  db: Kysely<Database>,
  requestId: number,
  answer: Answer,
  step: Omit<StepInput, "ref">,
): Promise<CancellationRequest> {
  await db.transaction().execute(async (trx) => {
    const found = await requestsQuery(trx).where("r.id", "=", requestId).executeTakeFirst();
    if (!found) throw new ApiFailure(404, "unknown_request", `Demande d'annulation ${requestId} introuvable.`);
    // Its order locked first, then the request read again: two answers cannot both apply.
    const order = await lockOrderByRef(trx, found.ord_ref);
    const request = await requestsQuery(trx).where("r.id", "=", requestId).executeTakeFirstOrThrow();
    if (request.status !== "en attente") {
      throw new ApiFailure(409, "request_answered", `La demande d'annulation ${requestId} a déjà reçu une réponse (${request.status}).`);
    }
    if (answer.grant) {
      await cancelLineIn(
        trx,
        order,
        request.obj_ref,
        { ...step, note: answer.message },
        answer.message ?? "Demande acceptée : reliquat annulé.",
      );
      return;
    }
    const at = stepInstant(step.at, step.now, order);
    await closeRequests(trx, {
      orderId: order.id,
      positions: [request.position],
      outcome: "refusée",
      answer: answer.message,
      author: step.author,
      at,
    });
  });
  return readRequest(db, requestId);
}
