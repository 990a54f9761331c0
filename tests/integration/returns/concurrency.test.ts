import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { testProducts } from "../backoffice/orders-fixtures";
import { deliveredOrder, request, returnable, returnsCall } from "./fixtures";

/**
 * Concurrent requests for the last units of a line (decision 0203): each request locks the
 * order's row before it counts what the other returns hold, so exactly the units available are
 * taken and the other requests are refused, on the embedded PGlite (one connection) as on
 * PostgreSQL (a pool of connections, where the lock is what serializes them).
 */
describe.each(ENGINES)("concurrent return requests on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let client: SessionResponse;

  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [buyer, client] = await Promise.all([login(bo, LOGINS.buyer), login(bo, LOGINS.client)]);
  }, 180_000);

  afterAll(async () => {
    await bo?.close();
  });

  it("gives the last units to as many requests as they cover and refuses the rest", async () => {
    const [item] = await testProducts(bo.db, 1);
    if (!item) throw new Error("no test product");
    const order = await deliveredOrder(bo, buyer, [[item, 5]], `returns-concurrent-${engine}`);
    const form = await returnable(bo, buyer, order.ord_id);
    const position = form.lines[0]?.position ?? -1;
    // 3 of the 5 units are held already: 2 are left for the 5 requests of one unit each.
    expect((await returnsCall(bo, buyer, "", { body: request(order.ord_id, [{ position, qty: 3 }]) })).status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        returnsCall(bo, index % 2 === 0 ? buyer : client, "", { body: request(order.ord_id, [{ position, qty: 1 }]) }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 422, 422, 422]);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      expect(refused.body.message).toBe(`Au plus 0 à retourner pour ${item.ref} (livré 5, déjà en retour 5).`);
    }
    const rows = await bo.db
      .selectFrom("return_lines")
      .innerJoin("returns", "returns.id", "return_lines.return_id")
      .select(["return_lines.qty", "returns.number"])
      .where("return_lines.order_id", "=", order.ord_id)
      .execute();
    expect(rows.reduce((sum, row) => sum + row.qty, 0)).toBe(5);
    // Three returns, three numbers.
    expect(new Set(rows.map((row) => row.number)).size).toBe(3);
    expect((await returnable(bo, buyer, order.ord_id)).lines[0]).toMatchObject({ delivered: 5, in_returns: 5, returnable: 0 });
  });

  it("takes exactly what is left when the requests ask more than one unit each", async () => {
    // Products already ordered are left out: another one than the first test's.
    const [item] = await testProducts(bo.db, 1);
    if (!item) throw new Error("no test product");
    const order = await deliveredOrder(bo, buyer, [[item, 7]], `returns-concurrent-pairs-${engine}`);
    const position = (await returnable(bo, buyer, order.ord_id)).lines[0]?.position ?? -1;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => returnsCall(bo, buyer, "", { body: request(order.ord_id, [{ position, qty: 2 }]) })),
    );
    // 7 units, 2 a request: three requests get theirs (6 units), the last unit is not enough for the other two.
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 422, 422]);
    const held = await returnable(bo, buyer, order.ord_id);
    expect(held.lines[0]).toMatchObject({ delivered: 7, in_returns: 6, returnable: 1 });
  });
});
