import { sql, type Kysely, type Transaction } from "kysely";
import { approvalReason, type ApprovalSummary, type CreateApprovalRequest } from "@shared/contracts/approvals";
import { cart as cartSchema, type Cart } from "@shared/contracts/entities";
import { approvalReasons, emptyCart, normalizeCart, type ApprovalReason, type Totals } from "@shared/domain/index";
import { z } from "zod";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database, OrganizationRow, UserRow } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { lockCartVersion, StaleCartVersion, storeCart } from "../oms/cart-store";
import { assertTotals, orderableCart } from "../oms/confirm";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { standingOfUser } from "./rules";

/**
 * A cart sent for approval (docs/approvals.md, decision 0192): in one transaction with the
 * cart locked, as a confirmation, the cart is repriced and checked, the rules say it needs
 * approval, the request stores it with its reasons and totals, and the shared cart is emptied.
 * The outbox records approval.requested (no order event); the approvers' e-mails go after the commit.
 */

type Reader = Kysely<Database> | Transaction<Database>;

const nextApprovalNumber = sql<string>`'VAL-' || lpad(nextval('approval_number_seq')::text, 6, '0')`;

export function selectApprovals(db: Reader) {
  return db.selectFrom("approval_requests as a").leftJoin("orders as o", "o.id", "a.order_id").selectAll("a").select("o.ref as order_ref");
}
export type ApprovalRow = Awaited<ReturnType<ReturnType<typeof selectApprovals>["execute"]>>[number];

const storedReasons = z.array(approvalReason);

export function reasonsOf(row: Pick<ApprovalRow, "reasons">): ApprovalReason[] {
  return storedReasons.parse(row.reasons);
}

/** The stored cart as asked (lines, delivery, instructions). */
export function cartOf(row: Pick<ApprovalRow, "cart">): Cart {
  return cartSchema.parse(row.cart);
}

export function summaryOf(row: ApprovalRow, showPrices: boolean): ApprovalSummary {
  const cart = cartOf(row);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    created_at: row.created_at.toISOString(),
    requester_id: row.requester_id,
    requester_name: row.requester_name,
    // Reasons carry amounts (a limit, a budget): a caller without `prices` reads only the one without.
    reasons: reasonsOf(row).filter((reason) => showPrices || reason.code === "no_order_right"),
    lines_count: cart.products.filter((line) => !line.prd_is_port && line.qty > 0).length,
    total_ht: showPrices ? row.total_ht : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    decided_by_name: row.decided_by_name,
    refusal_reason: row.refusal_reason,
    order_id: row.order_id,
    order_ref: row.order_ref,
  };
}

/** The event data: the summary with its amounts (the ERP sees every amount). */
export async function approvalEventData(trx: Reader, id: number) {
  const row = await selectApprovals(trx).where("a.id", "=", id).executeTakeFirstOrThrow();
  return { customer: await eventCustomerOf(trx, row.org_id), approval: summaryOf(row, true) };
}

export interface RequestApprovalInput {
  org: OrganizationRow;
  user: Pick<UserRow, "id" | "class">;
  /** The caller's `orders` right. */
  canOrder: boolean;
  requesterName: string;
  body: CreateApprovalRequest;
  /** The totals were shown to the caller (the `prices` right): they are checked. */
  checkTotals: boolean;
  today: string;
  now: Date;
  alerts?: AlertNotifier;
}

export interface NewApprovalRequest {
  orgId: number;
  requesterId: number;
  requesterName: string;
  idempotencyKey: string;
  message: string;
  reasons: ApprovalReason[];
  /** Repriced and checked (orderableCart). */
  cart: Cart;
  totals: Totals;
  now: Date;
}

/**
 * Stores a request and its approval.requested event, inside the caller's transaction: the
 * cart's own request (below, which then empties the shared cart) and a replenishment schedule's
 * run (replenishment/runner.ts, which never touches the shared cart).
 */
export async function insertApprovalRequest(trx: Transaction<Database>, request: NewApprovalRequest): Promise<number> {
  const { id } = await trx
    .insertInto("approval_requests")
    .values({
      number: nextApprovalNumber,
      org_id: request.orgId,
      requester_id: request.requesterId,
      requester_name: request.requesterName,
      idempotency_key: request.idempotencyKey,
      created_at: request.now,
      reasons: JSON.stringify(request.reasons),
      message: request.message,
      cart: JSON.stringify(request.cart),
      total_ht: request.totals.ht,
      total_ecotaxe: request.totals.ecotaxe,
      total_ttc: request.totals.ttc,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const data = await approvalEventData(trx, id);
  await recordOutboxEvent(trx, {
    type: "approval.requested",
    stream: `approval:${data.approval.number}`,
    orgId: request.orgId,
    at: request.now,
    data,
  });
  return id;
}

/** Creates the request, or finds the one of a replayed key. */
export async function requestApproval(db: Kysely<Database>, input: RequestApprovalInput): Promise<{ id: number; replayed: boolean }> {
  const orgId = input.org.id;
  const { body } = input;
  const result = await db.transaction().execute(async (trx) => {
    const version = await lockCartVersion(trx, orgId);
    const existing = await trx
      .selectFrom("approval_requests")
      .select("id")
      .where("org_id", "=", orgId)
      .where("idempotency_key", "=", body.idempotency_key)
      .executeTakeFirst();
    if (existing) return { id: existing.id, replayed: true };
    if (version !== body.version) throw new StaleCartVersion();
    // The order's own rules hold for a request as for an order; the right to order is what approval gives.
    const { cart, totals } = await orderableCart(trx, input.org, normalizeCart(body.cart), input.today);
    assertTotals(
      totals,
      input.checkTotals ? { ord_total_ht: body.total_ht, ord_total_ecotaxe: totals.ecotaxe, ord_total_ttc: body.total_ttc } : null,
    );
    const reasons = approvalReasons(await standingOfUser(trx, orgId, input.user, input.today, input.canOrder), totals.ht);
    if (reasons.length === 0) {
      throw new ApiFailure(
        422,
        "approval_not_needed",
        "Cette commande n'a pas besoin d'être validée : vous pouvez la confirmer vous-même.",
      );
    }
    const id = await insertApprovalRequest(trx, {
      orgId,
      requesterId: input.user.id,
      requesterName: input.requesterName,
      idempotencyKey: body.idempotency_key,
      message: body.message ?? "",
      reasons,
      cart,
      totals,
      now: input.now,
    });
    // The shared cart is emptied as an order empties it; its quote locks stay for the approval's order.
    await storeCart(trx, orgId, { cart: emptyCart(), version: version + 1 }, input.user.id, input.now);
    return { id, replayed: false };
  });
  if (!result.replayed) input.alerts?.notify({ kind: "approval_requested", approvalId: result.id });
  return result;
}
