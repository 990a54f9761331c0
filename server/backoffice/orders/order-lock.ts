import type { Transaction } from "kysely";
import type { OrderStatus } from "@shared/contracts/orders";
import { moveRefusal, parisDate, type OrderMove } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";

/** An order and its lines, locked for the rest of the transaction: one move at a time. */
export interface LockedOrder {
  id: number;
  ref: string;
  org_id: number;
  status: OrderStatus;
  created_at: Date;
  lines: LockedLine[];
}

export interface LockedLine {
  position: number;
  product_id: number;
  ref: string;
  title: string;
  qty: number;
  shipped_qty: number;
  cancelled_qty: number;
  backorder_qty: number;
  backordered_at: Date | null;
  is_port: boolean;
}

export const unknownOrder = (ref: string): ApiFailure => new ApiFailure(404, "unknown_order", `Commande ${ref} introuvable.`);

async function lockedLines(trx: Transaction<Database>, orderId: number): Promise<LockedLine[]> {
  return trx
    .selectFrom("order_lines")
    .select(["position", "product_id", "ref", "title", "qty", "shipped_qty", "cancelled_qty", "backorder_qty", "backordered_at", "is_port"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .forUpdate()
    .execute();
}

/** The order of this number (any organization's: the distributor's calls), locked. */
export async function lockOrderByRef(trx: Transaction<Database>, ref: string): Promise<LockedOrder> {
  const row = await trx
    .selectFrom("orders")
    .select(["id", "ref", "org_id", "status", "created_at"])
    .where("ref", "=", ref)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw unknownOrder(ref);
  return { ...row, status: row.status as OrderStatus, lines: await lockedLines(trx, row.id) };
}

/** One of the organization's orders, locked; undefined when it is not one of them. */
export async function lockOrganizationOrder(trx: Transaction<Database>, orgId: number, orderId: number): Promise<LockedOrder | undefined> {
  const row = await trx
    .selectFrom("orders")
    .select(["id", "ref", "org_id", "status", "created_at"])
    .where("id", "=", orderId)
    .where("org_id", "=", orgId)
    .forUpdate()
    .executeTakeFirst();
  return row ? { ...row, status: row.status as OrderStatus, lines: await lockedLines(trx, row.id) } : undefined;
}

/** Refuses a move the order's status does not allow: 409 order_state, in French. */
export function assertMove(order: LockedOrder, move: OrderMove): void {
  const refusal = moveRefusal(order.ref, order.status, move);
  if (refusal) throw new ApiFailure(409, "order_state", refusal, { status: order.status });
}

/** A step's instant may be a few minutes ahead of this server's clock (the ERP's own clock). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const tooEarly = (ref: string) =>
  new ApiFailure(422, "invalid_date", `La date indiquée précède la confirmation de la commande ${ref}.`, {
    issues: [{ path: "at", message: "Date antérieure à la confirmation de la commande." }],
  });
const inTheFuture = () =>
  new ApiFailure(422, "invalid_date", "La date indiquée est dans le futur.", { issues: [{ path: "at", message: "Date dans le futur." }] });

/**
 * When a step happened: the instant sent, or now. Not before the order was confirmed, not in
 * the future. A date alone (France) is taken at noon UTC, kept between the confirmation and now
 * when it is the day of either.
 */
export function stepInstant(sent: string | undefined, now: Date, order: { ref: string; created_at: Date }): Date {
  if (sent === undefined) return now;
  if (/^\d{4}-\d{2}-\d{2}$/.test(sent)) {
    if (sent < parisDate(order.created_at)) throw tooEarly(order.ref);
    if (sent > parisDate(now)) throw inTheFuture();
    const noon = new Date(`${sent}T12:00:00Z`).getTime();
    return new Date(Math.min(now.getTime(), Math.max(order.created_at.getTime(), noon)));
  }
  const at = new Date(sent);
  if (at.getTime() < order.created_at.getTime()) throw tooEarly(order.ref);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw inTheFuture();
  return at;
}

/** Product lines only: shipping lines are charges, never shipped nor back-ordered. */
export function productLines(order: LockedOrder): LockedLine[] {
  return order.lines.filter((line) => !line.is_port);
}

export function quantitiesOf(line: LockedLine) {
  return { qty: line.qty, shipped: line.shipped_qty, cancelled: line.cancelled_qty };
}
