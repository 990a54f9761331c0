import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedCart, type SavedCart, type SessionResponse } from "@shared/contracts/api";
import { cartWith, lineFor, products } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

describe.each(ENGINES)("versioned cart saves on %s", (engine) => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    buyer = await login(bo, LOGINS.buyer);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("loses none of 20 concurrent saves of different lines to one cart", async () => {
    const orgId = buyer.user.auth_org_id;
    const items = await products(bo.db, "plain", 20);
    expect(items).toHaveLength(20);
    let conflicts = 0;

    // Each writer adds its own line, re-applying its change on the fresh cart after a 409.
    const addLine = async (item: { id: number; ref: string }) => {
      let current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: buyer.token })).body);
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const cart = cartWith([lineFor(item, 1), ...current.cart.products]);
        const result = await call<SavedCart>(bo, `/oms/cart/${orgId}`, { token: buyer.token, body: { version: current.version, cart } });
        if (result.status === 200) return;
        expect(result.status).toBe(409);
        conflicts += 1;
        current = savedCart.parse({ cart: result.body.cart, version: result.body.version });
      }
      throw new Error(`line ${item.ref} never saved`);
    };
    await Promise.all(items.map(addLine));

    const final = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: buyer.token })).body);
    const ids = final.cart.products.filter((line) => !line.prd_is_port).map((line) => line.obj_id);
    expect(new Set(ids)).toEqual(new Set(items.map((item) => item.id)));
    expect(final.version).toBe(20);
    expect(conflicts).toBeGreaterThan(0);
  });
});
