import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { order, type Order, type SessionResponse } from "@shared/contracts/api";
import { products } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";
import { placeOrder } from "./orders-fixtures";

/**
 * GET /api/oms/orders/:id without the `prices` flag: every amount null, keys kept
 * (docs/specification.md §6, docs/decisions/0107-no-amounts-without-prices.md).
 */
describe.each(ENGINES)("an order's amounts and the prices flag (/api/oms/orders/:id) on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let storekeeper: SessionResponse;
  let placed: Order;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [client, storekeeper] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.storekeeper)]);
    const [first, second] = await products(bo.db, "plain", 2);
    if (!first || !second) throw new Error("demo data lacks plain products");
    placed = await placeOrder(
      bo,
      client,
      [
        [first, 2],
        [second, 1],
      ],
      "order-prices-client-1",
    );
  });
  afterAll(async () => {
    await bo.close();
  });

  const read = async (session: SessionResponse, id: number) => {
    const answer = await call(bo, `/oms/orders/${id}`, { token: session.token });
    return { status: answer.status, body: answer.body, parsed: answer.status === 200 ? order.parse(answer.body) : undefined };
  };

  const amountsOf = (value: Order) => [
    value.ord_total_ht,
    value.ord_total_ecotaxe,
    value.ord_total_tva,
    value.ord_total_ttc,
    ...value.lines.flatMap((line) => [line.unit_price, line.prd_ecotaxe, line.line_total_ht]),
  ];

  it("answers every amount to an account with prices", async () => {
    const { parsed } = await read(client, placed.ord_id);
    expect(parsed).toEqual(placed);
    expect(parsed?.lines.length).toBeGreaterThanOrEqual(2);
    for (const amount of amountsOf(parsed ?? placed)) expect(amount).toEqual(expect.any(Number));
    expect(parsed?.ord_total_ttc).toBeGreaterThan(0);
  });

  it("answers every amount null, keys kept, to the storekeeper (people, prices: false)", async () => {
    expect(storekeeper.user.obj_properties.auth).toMatchObject({ prices: false });
    const { status, body, parsed } = await read(storekeeper, placed.ord_id);
    expect(status).toBe(200);
    if (!parsed) throw new Error("no order");
    // Everything but the amounts is the order the client reads.
    const nulls = { ord_total_ht: null, ord_total_ecotaxe: null, ord_total_tva: null, ord_total_ttc: null };
    expect(parsed).toEqual({
      ...placed,
      ...nulls,
      lines: placed.lines.map((line) => ({ ...line, unit_price: null, prd_ecotaxe: null, line_total_ht: null })),
    });
    // The keys are in the JSON itself, null (not left out).
    expect(body).toMatchObject(nulls);
    const [line] = (body as { lines: Record<string, unknown>[] }).lines;
    expect(Object.keys(line ?? {})).toEqual(expect.arrayContaining(["unit_price", "prd_ecotaxe", "line_total_ht"]));
    expect(amountsOf(parsed).every((amount) => amount === null)).toBe(true);
  });

  it("keeps another organization's order a 404, with or without prices", async () => {
    const belgium = await login(bo, LOGINS.belgium);
    expect((await read(belgium, placed.ord_id)).status).toBe(404);
    expect((await read(storekeeper, 999_999_999)).status).toBe(404);
    expect((await read(storekeeper, Number.NaN)).status).toBe(404);
  });

  it("lets a people account with orders but without prices confirm, then reads its order without amounts", async () => {
    // The buyer, made « orders without prices » (a flag set the generated clients have too).
    await bo.db
      .updateTable("users")
      .set({ auth_flags: JSON.stringify({ cart: true, orders: true, prices: false }) })
      .where("login", "=", LOGINS.buyer)
      .execute();
    const buyer = await login(bo, LOGINS.buyer);
    expect(buyer.user.obj_properties.auth).toMatchObject({ orders: true, prices: false });
    const [product] = await products(bo.db, "plain", 3);
    if (!product) throw new Error("demo data lacks plain products");
    // The confirmation answer shares the `order` schema (its amounts: decision 0107).
    const confirmed = await placeOrder(bo, buyer, [[product, 1]], "order-prices-buyer-1");
    expect([confirmed.ord_total_ht, confirmed.ord_total_ttc, confirmed.lines[0]?.unit_price]).toEqual([null, null, null]);
    const { parsed } = await read(buyer, confirmed.ord_id);
    if (!parsed) throw new Error("no order");
    expect(parsed).toMatchObject({ ord_id: confirmed.ord_id, ord_ref: confirmed.ord_ref, ord_total_ht: null, ord_total_ttc: null });
    expect(amountsOf(parsed).every((amount) => amount === null)).toBe(true);
    // The client, with prices, reads the same order with its amounts.
    const full = (await read(client, confirmed.ord_id)).parsed;
    expect(full?.ord_total_ht).toEqual(expect.any(Number));
  });
});
