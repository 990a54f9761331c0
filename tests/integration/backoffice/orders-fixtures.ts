import type { Kysely } from "kysely";
import { order, savedCart, savedCartAnswer, type Order, type SessionResponse } from "@shared/contracts/api";
import type { Cart, Certificate } from "@shared/contracts/entities";
import { orderDetail, type OrderDetail } from "@shared/contracts/orders";
import { accountContextOf, computeTotals } from "@shared/domain/index";
import type { Database } from "../../../server/backoffice/db/schema";
import { DEMO_SERVICE_NAME, DEMO_SERVICE_TOKEN } from "../../../server/backoffice/seed/organizations-data";
import { cartWith, lineFor, products } from "./cart-fixtures";
import { call, type Backoffice, type CallResult } from "./harness";

/** The demo's service token (seeded with the demo data) and the name its steps carry. */
export const SERVICE_TOKEN = DEMO_SERVICE_TOKEN;
export const SERVICE_NAME = DEMO_SERVICE_NAME;

/** A call of the distributor's systems (/api/erp) with the demo's service token. */
export function erp<T = Record<string, unknown>>(bo: Pick<Backoffice, "baseUrl">, path: string, body?: unknown): Promise<CallResult<T>> {
  return call<T>(bo, `/erp${path}`, { token: SERVICE_TOKEN, body, method: body === undefined ? "GET" : "POST" });
}

/**
 * Plain products whose stock a test sets: none that a demo order holds, so that no demo
 * back-order waits for them before the test's own (a stock arrival serves the oldest first).
 */
export async function testProducts(db: Kysely<Database>, count: number): Promise<{ id: number; ref: string; price_selling: number }[]> {
  const ordered = new Set((await db.selectFrom("order_lines").select("product_id").distinct().execute()).map((row) => row.product_id));
  const free = (await products(db, "plain", 1000)).filter((product) => !ordered.has(product.id));
  if (free.length < count) throw new Error(`only ${free.length} plain products outside the demo orders`);
  return free.slice(free.length - count);
}

export async function setStock(
  db: Kysely<Database>,
  productId: number,
  onHand: number,
  refill: { date: string; qty: number } | null = null,
): Promise<void> {
  await db
    .insertInto("stocks")
    .values({ product_id: productId, sto_disp: onHand, refill_date: refill?.date ?? null, refill_qte: refill?.qty ?? null })
    .onConflict((oc) =>
      oc.column("product_id").doUpdateSet({ sto_disp: onHand, refill_date: refill?.date ?? null, refill_qte: refill?.qty ?? null }),
    )
    .execute();
}

/**
 * Orders these products as the session would through the portal: saves the cart on its
 * current version, then confirms it with the totals it shows, none to an account without
 * `prices` (decision 0131) (the author: the master after login-as, otherwise the user).
 * `options`: the checkout's choices the cart carries (partial delivery accepted, say).
 */
export async function placeOrder(
  bo: Pick<Backoffice, "baseUrl">,
  session: SessionResponse,
  lines: readonly [{ id: number; ref: string }, number, Certificate[]?][],
  key: string,
  options: Partial<Pick<Cart, "partialDelivery">> = {},
): Promise<Order> {
  const orgId = session.user.auth_org_id;
  const current = savedCartAnswer.parse((await call(bo, `/oms/cart/${orgId}`, { token: session.token })).body);
  const saved = await call(bo, `/oms/cart/${orgId}`, {
    token: session.token,
    body: {
      version: current.version,
      cart: { ...cartWith(lines.map(([product, qty, certificates = []]) => ({ ...lineFor(product, qty), certificates }))), ...options },
    },
  });
  const cart = savedCartAnswer.parse(saved.body);
  const priced = savedCart.safeParse(saved.body);
  const totals = priced.success ? computeTotals(priced.data.cart, accountContextOf(session.user)) : null;
  const author = session.master ?? session.user;
  const confirmed = await call(bo, `/oms/cart/${orgId}/confirm?usr_id=${author.obj_id}&usr_name=${encodeURIComponent(author.obj_name)}`, {
    token: session.token,
    body: {
      cart: cart.cart,
      version: cart.version,
      idempotency_key: key,
      ord_total_ht: totals?.ht ?? null,
      ord_total_ecotaxe: totals?.ecotaxe ?? null,
      ord_total_ttc: totals?.ttc ?? null,
    },
  });
  if (confirmed.status !== 201) throw new Error(`confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return order.parse(confirmed.body);
}

/** One order's follow-up as the customer reads it. */
export async function details(bo: Backoffice, session: SessionResponse, orderId: number): Promise<OrderDetail> {
  const answer = await call(bo, `/oms/orders/${orderId}/details`, { token: session.token });
  if (answer.status !== 200) throw new Error(`details ${orderId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return orderDetail.parse(answer.body);
}

export function lineOf(order: OrderDetail, ref: string) {
  const line = order.lines.find((candidate) => candidate.obj_ref === ref);
  if (!line) throw new Error(`no line ${ref} in ${order.ord_ref}`);
  return line;
}
