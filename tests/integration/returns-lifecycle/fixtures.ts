import { sql, type Kysely } from "kysely";
import type { Order, SessionResponse } from "@shared/contracts/api";
import { serviceReturnDetail, type ReturnReason, type ReturnResolution, type ServiceReturnDetail } from "@shared/contracts/returns";
import { returnNumberOf } from "@shared/domain/returns";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_TODAY, type Backoffice, type CallResult } from "../backoffice/harness";
import { erp, placeOrder } from "../backoffice/orders-fixtures";

/**
 * Returns to move through the distributor's steps (docs/returns.md): a delivered order (placed,
 * shipped in one or more shipments through the distributor's calls, delivered), and a return
 * asked on it written as the customer's request writes it (its number, its lines with the
 * invoiced prices frozen, the `requested` step), so that these tests need none of the request's
 * own checks.
 */

type Product = { id: number; ref: string };

/** Places the order and ships it in the shipments given (all of it at once by default), then delivers it. */
export async function deliveredOrder(
  bo: Backoffice,
  session: SessionResponse,
  lines: readonly [Product, number][],
  key: string,
  shipments: readonly (readonly [Product, number][])[] = [lines],
): Promise<Order> {
  const placed = await placeOrder(bo, session, lines, key);
  for (const shipment of shipments) {
    const sent = await erp(bo, `/orders/${placed.ord_ref}/shipments`, {
      carrier: "Colissimo",
      lines: shipment.map(([product, qty]) => ({ obj_ref: product.ref, qty })),
    });
    if (sent.status !== 201) throw new Error(`shipment of ${placed.ord_ref}: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
  const delivered = await erp(bo, `/orders/${placed.ord_ref}/deliver`, {});
  if (delivered.status !== 200) throw new Error(`delivery of ${placed.ord_ref}: ${delivered.status} ${JSON.stringify(delivered.body)}`);
  return placed;
}

export interface AskedReturn {
  id: number;
  number: string;
}

/** The harness's clock, stopped on the demo's day at 10:00 in France: when the tests' returns are asked. */
export const ASKED_AT = new Date(`${DEMO_TODAY}T10:00:00+01:00`);

/** A return of these units of the order, « demandé », asked by `by` at ASKED_AT unless told. */
export async function askReturn(
  db: Kysely<Database>,
  orderId: number,
  lines: readonly [Product, number][],
  options: { reason?: ReturnReason; resolution?: ReturnResolution; by?: string; at?: Date } = {},
): Promise<AskedReturn> {
  const at = options.at ?? ASKED_AT;
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom("orders").select(["id", "org_id"]).where("id", "=", orderId).executeTakeFirstOrThrow();
    const year = at.getUTCFullYear();
    const sequence = await trx
      .insertInto("return_sequences")
      .values({ year, last: 1 })
      .onConflict((oc) => oc.column("year").doUpdateSet({ last: sql<number>`return_sequences.last + 1` }))
      .returning("last")
      .executeTakeFirstOrThrow();
    const number = returnNumberOf(year, sequence.last);
    const { id } = await trx
      .insertInto("returns")
      .values({
        number,
        org_id: order.org_id,
        order_id: order.id,
        reason: options.reason ?? "order_error",
        resolution: options.resolution ?? "credit",
        comment: "Commandé en trop.",
        refusal: null,
        restocking_fee_pct: null,
        requested_at: at,
        requested_by: null,
        requested_by_name: options.by ?? "Maël Kerjean",
        updated_at: at,
        exchange_carrier: null,
        exchange_tracking_number: null,
        exchange_tracking_url: null,
        exchange_shipped_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const orderLines = await trx
      .selectFrom("order_lines")
      .select(["position", "ref", "title", "customer_code", "unit_price", "ecotaxe"])
      .where("order_id", "=", order.id)
      .execute();
    await trx
      .insertInto("return_lines")
      .values(
        lines.map(([product, qty]) => {
          const line = orderLines.find((candidate) => candidate.ref === product.ref);
          if (!line) throw new Error(`${product.ref} is not on order ${order.id}`);
          return {
            return_id: id,
            order_id: order.id,
            position: line.position,
            obj_ref: line.ref,
            title: line.title,
            customer_code: line.customer_code,
            qty,
            received: null,
            unit_price: line.unit_price,
            unit_ecotax: Math.max(0, line.ecotaxe),
          };
        }),
      )
      .execute();
    await trx
      .insertInto("return_events")
      .values({ return_id: id, at, kind: "requested", author: options.by ?? "Maël Kerjean", note: null })
      .execute();
    return { id, number };
  });
}

/** A step of the distributor's systems on a return; the answer parsed when it is a 200. */
export async function step(bo: Backoffice, number: string, name: string, body: unknown = {}): Promise<CallResult<ServiceReturnDetail>> {
  const answer = await erp<ServiceReturnDetail>(bo, `/returns/${number}/${name}`, body);
  return answer.status === 200 ? { status: 200, body: serviceReturnDetail.parse(answer.body) } : answer;
}

/** The same step, which must succeed. */
export async function stepOk(bo: Backoffice, number: string, name: string, body: unknown = {}): Promise<ServiceReturnDetail> {
  const answer = await step(bo, number, name, body);
  if (answer.status !== 200) throw new Error(`${name} ${number}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The return as the distributor reads it. */
export async function serviceReturn(bo: Backoffice, number: string): Promise<ServiceReturnDetail> {
  const answer = await erp(bo, `/returns/${number}`);
  if (answer.status !== 200) throw new Error(`return ${number}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return serviceReturnDetail.parse(answer.body);
}
