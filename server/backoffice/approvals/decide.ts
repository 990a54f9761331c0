import type { Kysely, Transaction } from "kysely";
import type { ApprovalStatus } from "@shared/contracts/approvals";
import { normalizeCart } from "@shared/domain/index";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database, OrganizationRow } from "../db/schema";
import { ApiFailure, notFound } from "../http/errors";
import { insertOrder, orderableCart } from "../oms/confirm";
import { recordOutboxEvent } from "../outbox/record";
import { approvalEventData, cartOf, selectApprovals, type ApprovalRow } from "./requests";
import { approverIds } from "./rules";

/**
 * The decision on a request (docs/approvals.md, decision 0192), each in one transaction with
 * the request's row locked: two approvers clicking at once place one order (the second finds
 * it approved and gets the same order back); a refusal or a withdrawal of a request decided
 * meanwhile is a 409. Only the organization's approvers decide, never on their own request.
 */

export interface Decider {
  org: OrganizationRow;
  userId: number;
  name: string;
}

const ALREADY: Record<Exclude<ApprovalStatus, "pending">, string> = {
  approved: "Cette demande a déjà été validée.",
  refused: "Cette demande a déjà été refusée.",
  withdrawn: "Cette demande a été retirée par son auteur.",
};

async function lockRequest(trx: Transaction<Database>, orgId: number, id: number): Promise<ApprovalRow> {
  // Locks the row first (for update), then reads it with its order's number.
  const locked = await trx
    .selectFrom("approval_requests")
    .select("id")
    .where("id", "=", id)
    .where("org_id", "=", orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw notFound();
  return selectApprovals(trx).where("a.id", "=", id).executeTakeFirstOrThrow();
}

async function assertApprover(trx: Transaction<Database>, row: ApprovalRow, decider: Decider): Promise<void> {
  if (!(await approverIds(trx, decider.org.id)).includes(decider.userId)) throw notFound();
  if (row.requester_id === decider.userId) {
    throw new ApiFailure(403, "own_request", "Vous ne pouvez pas décider de votre propre demande : un autre valideur doit le faire.");
  }
}

function assertPending(row: ApprovalRow): void {
  if (row.status !== "pending") throw new ApiFailure(409, "already_decided", ALREADY[row.status]);
}

export interface ApproveInput {
  decider: Decider;
  id: number;
  /** The HT total the approver was shown today; null when none was shown. */
  sentTotalHt: number | null;
  today: string;
  now: Date;
  alerts?: AlertNotifier;
}

/** Places the request's order at today's prices, the requester its author, the approver beside. */
export async function approveRequest(
  db: Kysely<Database>,
  input: ApproveInput,
): Promise<{ orderId: number; approvalId: number; created: boolean }> {
  const { decider } = input;
  const orgId = decider.org.id;
  const result = await db.transaction().execute(async (trx) => {
    const row = await lockRequest(trx, orgId, input.id);
    await assertApprover(trx, row, decider);
    if (row.status === "approved" && row.order_id !== null) return { orderId: row.order_id, created: false };
    assertPending(row);
    const { cart, totals } = await orderableCart(trx, decider.org, normalizeCart(cartOf(row)), input.today);
    if (input.sentTotalHt !== null && input.sentTotalHt !== totals.ht) {
      throw new ApiFailure(
        422,
        "totals_mismatch",
        "Les montants ont changé depuis l'affichage : vérifiez la demande puis validez à nouveau.",
        {
          expected: { total_ht: totals.ht },
        },
      );
    }
    // A request a scheduled run made (docs/replenishment.md): its order names the schedule too.
    const run = await trx.selectFrom("replenishment_runs").select("schedule_id").where("approval_id", "=", row.id).executeTakeFirst();
    const orderId = await insertOrder(
      trx,
      {
        org: decider.org,
        authorId: row.requester_id,
        authorName: row.requester_name,
        idempotencyKey: `approval:${row.number}`,
        now: input.now,
        approval: { id: row.id, approvedBy: decider.name },
        ...(run ? { scheduleId: run.schedule_id } : {}),
      },
      cart,
      totals,
    );
    await trx
      .updateTable("approval_requests")
      .set({ status: "approved", decided_at: input.now, decided_by_id: decider.userId, decided_by_name: decider.name, order_id: orderId })
      .where("id", "=", row.id)
      .execute();
    const data = await approvalEventData(trx, row.id);
    await recordOutboxEvent(trx, { type: "approval.approved", stream: `approval:${row.number}`, orgId, at: input.now, data });
    return { orderId, created: true };
  });
  if (result.created) {
    input.alerts?.notify({ kind: "order_confirmed", orderId: result.orderId });
    input.alerts?.notify({ kind: "approval_decided", approvalId: input.id });
  }
  return { ...result, approvalId: input.id };
}

export interface RefuseInput {
  decider: Decider;
  id: number;
  reason: string;
  now: Date;
  alerts?: AlertNotifier;
}

export async function refuseRequest(db: Kysely<Database>, input: RefuseInput): Promise<void> {
  const { decider } = input;
  await db.transaction().execute(async (trx) => {
    const row = await lockRequest(trx, decider.org.id, input.id);
    await assertApprover(trx, row, decider);
    assertPending(row);
    await trx
      .updateTable("approval_requests")
      .set({
        status: "refused",
        decided_at: input.now,
        decided_by_id: decider.userId,
        decided_by_name: decider.name,
        refusal_reason: input.reason,
      })
      .where("id", "=", row.id)
      .execute();
    const data = await approvalEventData(trx, row.id);
    await recordOutboxEvent(trx, {
      type: "approval.refused",
      stream: `approval:${row.number}`,
      orgId: decider.org.id,
      at: input.now,
      data,
    });
  });
  input.alerts?.notify({ kind: "approval_decided", approvalId: input.id });
}

/** The requester takes back a request still waiting; anyone else finds none. */
export async function withdrawRequest(db: Kysely<Database>, orgId: number, requesterId: number, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockRequest(trx, orgId, id);
    if (row.requester_id !== requesterId) throw notFound();
    assertPending(row);
    await trx.updateTable("approval_requests").set({ status: "withdrawn", decided_at: now }).where("id", "=", row.id).execute();
    const data = await approvalEventData(trx, row.id);
    await recordOutboxEvent(trx, { type: "approval.withdrawn", stream: `approval:${row.number}`, orgId, at: now, data });
  });
}
