import type { Kysely, Transaction } from "kysely";
import type { CartToSave, Order } from "@shared/contracts/api";
import type { Cart, CartAnswer } from "@shared/contracts/entities";
import {
  approvalReasons,
  approvalReasonText,
  computeTotals,
  emptyCart,
  lineUnitPrice,
  normalizeCart,
  shortfall,
  validateOrder,
  type Totals,
} from "@shared/domain/index";
import { standingOfUser } from "../approvals/rules";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database, OrganizationRow, UserRow } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { recordEvents } from "../orders/events";
import { loadOrderDetail } from "../orders/detail";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { accountContext } from "./account";
import { assertAddressesSaved } from "./cart-references";
import { lockCartVersion, nextOrderNumber, StaleCartVersion, storeCart } from "./cart-store";
import { loadOrder } from "./order-view";
import { codesOf } from "../part-numbers/store";
import { consumeLocks } from "./quote-locks";
import { repriceCart } from "./reprice";

/** Who places an order and under which key: a confirmation, or the approval of a request. */
export interface PlaceOrderInput {
  org: OrganizationRow;
  authorId: number;
  authorName: string;
  idempotencyKey: string;
  now: Date;
  /** Placed by approving a request (docs/approvals.md): the request and its approver. */
  approval?: { id: number; approvedBy: string };
  /** Placed by a replenishment schedule's run (docs/replenishment.md). */
  scheduleId?: number;
}

export interface ConfirmInput extends PlaceOrderInput {
  userId: number;
  /** The session's user class: an organization account has no purchasing limit of its own. */
  userClass: UserRow["class"];
  /** As the caller read it; repriced here (its amounts are null for an account without `prices`). */
  cart: CartAnswer;
  version: number;
  /** The totals the caller was shown; null when it was shown none (no `prices`: decision 0131). */
  sentTotals: { ord_total_ht: number | null; ord_total_ecotaxe: number | null; ord_total_ttc: number | null } | null;
  today: string;
  /** Told once a new order has committed (its « commande confirmée » alert, alerts/). */
  alerts?: AlertNotifier;
}

async function findByKey(trx: Transaction<Database>, orgId: number, key: string): Promise<number | undefined> {
  const row = await trx.selectFrom("orders").select("id").where("org_id", "=", orgId).where("idempotency_key", "=", key).executeTakeFirst();
  return row?.id;
}

export function assertTotals(totals: Totals, sent: ConfirmInput["sentTotals"]): void {
  if (sent === null) return;
  const expected = { ord_total_ht: totals.ht, ord_total_ecotaxe: totals.ecotaxe, ord_total_ttc: totals.ttc };
  if (
    expected.ord_total_ht !== sent.ord_total_ht ||
    expected.ord_total_ecotaxe !== sent.ord_total_ecotaxe ||
    expected.ord_total_ttc !== sent.ord_total_ttc
  ) {
    throw new ApiFailure(422, "totals_mismatch", "Les montants de la commande ont changé : vérifiez le récapitulatif avant de confirmer.", {
      expected,
    });
  }
}

/**
 * A cart as it would be ordered today: repriced for the organization (its content and
 * references checked), with at least one product, the order's rules met (the right to order
 * aside: the caller decides), its addresses saved ones, and its totals. What a confirmation, an
 * approval request and an approval check alike.
 */
export async function orderableCart(
  trx: Transaction<Database>,
  org: OrganizationRow,
  input: CartToSave,
  today: string,
): Promise<{ cart: Cart; totals: Totals }> {
  const account = accountContext(org);
  const cart = await repriceCart(trx, input, { orgId: org.id, account, today, freeShippingEligible: org.free_shipping_eligible });
  if (!cart.products.some((line) => !line.prd_is_port && line.qty > 0)) {
    throw new ApiFailure(422, "empty_cart", "Votre panier ne contient aucun produit à commander.");
  }
  const problems = validateOrder(cart, { account, canOrder: true });
  if (problems.length > 0) {
    throw new ApiFailure(422, "invalid_order", problems.map((problem) => problem.message).join(" "), { problems });
  }
  assertAddressesSaved(cart);
  return { cart, totals: computeTotals(cart, account) };
}

/** Stores a repriced, checked cart as a new order with its first event and its outbox event. */
export async function insertOrder(trx: Transaction<Database>, input: PlaceOrderInput, cart: Cart, totals: Totals): Promise<number> {
  const { id } = await trx
    .insertInto("orders")
    .values({
      ref: nextOrderNumber,
      org_id: input.org.id,
      usr_id: input.authorId,
      usr_name: input.authorName,
      idempotency_key: input.idempotencyKey,
      created_at: input.now,
      cart_ref: cart.ref,
      comments: cart.comments,
      notes: cart.notes,
      partial_delivery: cart.partialDelivery,
      saturday: cart.saturday,
      ldd_active: cart.ldd.active,
      dlv_address: cart.dlv_address ? JSON.stringify(cart.dlv_address) : null,
      inv_address: cart.inv_address ? JSON.stringify(cart.inv_address) : null,
      total_ht: totals.ht,
      total_ecotaxe: totals.ecotaxe,
      total_tva: totals.tva,
      total_ttc: totals.ttc,
      approval_id: input.approval?.id ?? null,
      approved_by_name: input.approval?.approvedBy ?? null,
      approved_at: input.approval ? input.now : null,
      schedule_id: input.scheduleId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lines = cart.products.filter((line) => line.qty > 0);
  // The line keeps the code the organization knew the product by at this moment (decision 0195).
  const codes = await codesOf(
    trx,
    input.org.id,
    lines.filter((line) => !line.prd_is_port).map((line) => line.obj_id),
  );
  await trx
    .insertInto("order_lines")
    .values(
      lines.map((line, position) => {
        // What the stock on hand cannot serve is on back-order from the start (docs/orders.md).
        const short = line.prd_is_port ? 0 : shortfall(line.qty, line.prd_sto_disp);
        return {
          order_id: id,
          position,
          product_id: line.obj_id,
          ref: line.obj_ref,
          title: line.obj_title,
          qty: line.qty,
          is_port: line.prd_is_port,
          unit_price: lineUnitPrice(line),
          ecotaxe: line.prd_ecotaxe,
          line_total_ht: lineUnitPrice(line) * line.qty,
          backorder_qty: short,
          backordered_at: short > 0 ? input.now : null,
          certificates: JSON.stringify(line.certificates.map(({ cer_id, mmsi, file_name }) => ({ cer_id, mmsi, file_name }))),
          // Priced from a quote's lock (repriceCart): the order line names the quote.
          quote_number: line.quote?.number ?? null,
          customer_code: line.prd_is_port ? null : (codes.get(line.obj_id) ?? null),
        };
      }),
    )
    .execute();
  await recordEvents(trx, [{ orderId: id, at: input.now, kind: "confirmed", status: "confirmée", author: input.authorName }]);
  // The ERP hears of the order from the outbox, committed with it (decision 0182).
  const order = await loadOrderDetail(trx, { orgId: input.org.id, orderId: id }, true);
  if (!order) throw new Error(`order ${id} not readable in its own transaction`);
  await recordOutboxEvent(trx, {
    type: "order.confirmed",
    stream: `order:${order.ord_ref}`,
    orgId: input.org.id,
    at: input.now,
    data: { customer: await eventCustomerOf(trx, input.org.id), order },
  });
  return id;
}

/**
 * Confirms the organization's cart as an order, in one transaction with the cart locked:
 * a replayed idempotency key returns the order already created (checked after the lock, so
 * two concurrent confirmations create one order); otherwise the version, the cart's content
 * and references (repriceCart), the addresses being saved ones, the order rules and the totals
 * are checked, the order is stored and the cart emptied.
 */
export async function confirmOrder(db: Kysely<Database>, input: ConfirmInput): Promise<{ order: Order; replayed: boolean }> {
  const orgId = input.org.id;
  const result = await db.transaction().execute(async (trx) => {
    const version = await lockCartVersion(trx, orgId);
    const existing = await findByKey(trx, orgId, input.idempotencyKey);
    if (existing !== undefined) return { orderId: existing, replayed: true };
    // Answered 409 with the current cart by the route, once this transaction is rolled back.
    if (version !== input.version) throw new StaleCartVersion();
    const { cart, totals } = await orderableCart(trx, input.org, normalizeCart(input.cart), input.today);
    assertTotals(totals, input.sentTotals);
    // The customer's purchasing rules (docs/approvals.md): whatever the page showed, an order
    // that needs approval is not placed; the portal sends it for approval instead.
    const standing = await standingOfUser(trx, orgId, { id: input.userId, class: input.userClass }, input.today, true);
    const reasons = approvalReasons(standing, totals.ht);
    if (reasons.length > 0) {
      throw new ApiFailure(403, "approval_required", `Cette commande doit être validée : ${reasons.map(approvalReasonText).join(" ")}`, {
        reasons,
      });
    }
    const orderId = await insertOrder(trx, input, cart, totals);
    await storeCart(trx, orgId, { cart: emptyCart(), version: version + 1 }, input.userId, input.now);
    // The quoted prices were used by this order: the emptied cart keeps no lock.
    await consumeLocks(trx, orgId);
    return { orderId, replayed: false };
  });
  if (!result.replayed) input.alerts?.notify({ kind: "order_confirmed", orderId: result.orderId });
  const order = await loadOrder(db, orgId, result.orderId);
  if (!order) throw new Error(`order ${result.orderId} vanished after commit`);
  return { order, replayed: result.replayed };
}
