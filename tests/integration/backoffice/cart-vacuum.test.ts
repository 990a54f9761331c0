import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedCart, type SessionResponse } from "@shared/contracts/api";
import { cartWith, lineFor, products } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

const EVERY = 10;

/** PGlite has no autovacuum: the back-office vacuums the carts table itself (db/vacuum.ts). */
describe.each(ENGINES)("carts table vacuumed by the back-office on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine, { cartVacuumEvery: EVERY });
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  const cartsBytes = async () => {
    const { rows } = await sql<{ bytes: number }>`select pg_total_relation_size('carts')::int as bytes`.execute(bo.db);
    return rows[0]?.bytes ?? 0;
  };

  it("keeps the table from growing with every save of a large cart", async () => {
    const orgId = client.user.auth_org_id;
    const catalogue = await products(bo.db, "plain", 80);
    let { version } = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const saveOnce = async (round: number) => {
      // Each save changes every quantity: a new version of the whole cart each time.
      const lines = catalogue.map((product, index) => lineFor(product, 1 + ((index + round) % 7)));
      const answer = await call(bo, `/oms/cart/${orgId}`, { token: client.token, body: { version, cart: cartWith(lines) } });
      expect(answer.status).toBe(200);
      version = savedCart.parse(answer.body).version;
    };
    await saveOnce(0);
    const start = await cartsBytes();
    // Fewer saves than the pace: no vacuum yet, the growth of one save is measured.
    for (let round = 1; round < EVERY - 1; round++) await saveOnce(round);
    const perSave = ((await cartsBytes()) - start) / (EVERY - 2);
    expect(perSave).toBeGreaterThan(0);
    for (let round = EVERY; round < EVERY * 12; round++) await saveOnce(round);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the last pass runs in the background
    // Without the vacuum the table would hold ~110 dead versions; with it, about one pace's worth.
    expect((await cartsBytes()) - start).toBeLessThan(perSave * EVERY * 4);
  });
});
