import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedCart, type SavedCart, type SessionResponse } from "@shared/contracts/api";
import { cartWith, lineFor, products } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/**
 * A cart is stored lean (decision 0094): each line's product, quantity, line id and
 * certificates. Saves and reads rebuild the rest from the catalogue.
 */
describe.each(ENGINES)("cart storage on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let orgId: number;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
    orgId = client.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const read = async () => savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
  const save = (version: number, cart: unknown) =>
    call<SavedCart>(bo, `/oms/cart/${orgId}`, { token: client.token, body: { version, cart } });
  const storedData = async () => {
    const row = await bo.db
      .selectFrom("carts")
      .select(sql<string>`data::text`.as("text"))
      .where("org_id", "=", orgId)
      .executeTakeFirstOrThrow();
    return row.text;
  };

  it("accepts lines that carry only what the user chose, answers them whole and stores them lean", async () => {
    const [first, second] = await products(bo.db, "plain", 2);
    if (!first || !second) throw new Error("demo data lacks plain products");
    const lean = [first, second].map((product, index) => ({
      obj_id: product.id,
      obj_ref: product.ref,
      qty: index + 2,
      line_id: `lean-${index}`,
    }));
    const answer = await save((await read()).version, { ...cartWith([]), products: lean });
    expect(answer.status).toBe(200);
    const saved = savedCart.parse(answer.body);
    expect(saved.cart.products.find((line) => line.obj_id === first.id)).toMatchObject({
      qty: 2,
      line_id: "lean-0",
      prd_price_selling: first.price_selling,
    });
    // Shipping lines are computed, never stored; prices and titles are the catalogue's.
    expect(saved.cart.products.some((line) => line.prd_is_port)).toBe(true);
    const stored = JSON.parse(await storedData()) as { products: Record<string, unknown>[] };
    expect(stored.products.map((line) => Object.keys(line).sort())).toEqual([
      ["certificates", "line_id", "obj_id", "obj_ref", "qty"],
      ["certificates", "line_id", "obj_id", "obj_ref", "qty"],
    ]);
    expect(await read()).toEqual(saved);
  });

  it("gives each line its product's first picture, on save and on read", async () => {
    const [product] = await products(bo.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    const row = await bo.db.selectFrom("products").select("images").where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(row.images[0]).toMatch(/^\/images\/produits\/[a-z]+\.svg$/);
    const saved = savedCart.parse((await save((await read()).version, cartWith([lineFor(product, 1)]))).body);
    expect(saved.cart.products.find((line) => line.obj_id === product.id)?.image).toBe(row.images[0]);
    expect((await read()).cart.products.find((line) => line.obj_id === product.id)?.image).toBe(row.images[0]);
    // Shipping lines have no picture of their own.
    expect(saved.cart.products.filter((line) => line.prd_is_port).every((line) => line.image == null)).toBe(true);
  });

  it("reads a cart stored whole by an earlier version with the catalogue's prices, not the stored ones", async () => {
    const [product] = await products(bo.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    const { version } = await read();
    const whole = cartWith([{ ...lineFor(product, 4), prd_price_selling: 1, prc_price: 1 }]);
    await bo.db
      .updateTable("carts")
      .set({ data: JSON.stringify(whole) })
      .where("org_id", "=", orgId)
      .execute();
    const shown = await read();
    expect(shown.version).toBe(version);
    expect(shown.cart.products.find((line) => line.obj_id === product.id)).toMatchObject({
      qty: 4,
      prd_price_selling: product.price_selling,
    });
    expect(shown.cart.products.find((line) => line.obj_id === product.id)?.obj_title).not.toBe("titre du navigateur");
  });

  it("keeps showing a line whose product was discontinued after the save, and refuses it on the next save", async () => {
    const [kept, dropped] = await products(bo.db, "plain", 2);
    if (!kept || !dropped) throw new Error("demo data lacks plain products");
    const saved = savedCart.parse((await save((await read()).version, cartWith([lineFor(kept, 1), lineFor(dropped, 2)]))).body);
    await bo.db.updateTable("products").set({ discontinued: true }).where("id", "=", dropped.id).execute();
    try {
      // The in-memory catalogue follows the change within its revision check (a second).
      let refused = await save(saved.version, saved.cart);
      for (let attempt = 0; refused.status === 200 && attempt < 50; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        refused = await save(savedCart.parse(refused.body).version, saved.cart);
      }
      expect(refused).toMatchObject({ status: 422, body: { code: "unknown_product", message: expect.stringContaining(dropped.ref) } });
      const shown = await read();
      expect(shown.cart.products.find((line) => line.obj_id === dropped.id)).toMatchObject({
        qty: 2,
        obj_ref: dropped.ref,
        prd_discontinued: true,
      });
      // Only that line says so: the others keep the specification's shape.
      expect(shown.cart.products.filter((line) => "prd_discontinued" in line).map((line) => line.obj_id)).toEqual([dropped.id]);
      const withoutIt = shown.cart.products.filter((line) => line.obj_id !== dropped.id);
      expect((await save(shown.version, { ...shown.cart, products: withoutIt })).status).toBe(200);
    } finally {
      await bo.db.updateTable("products").set({ discontinued: false }).where("id", "=", dropped.id).execute();
    }
  });

  it("answers a stale confirmation 409 with the current cart, rebuilt", async () => {
    const [product] = await products(bo.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    const current = savedCart.parse((await save((await read()).version, cartWith([lineFor(product, 3)]))).body);
    const stale = await call<SavedCart & { code: string }>(bo, `/oms/cart/${orgId}/confirm?usr_id=${client.user.obj_id}&usr_name=Test`, {
      token: client.token,
      body: {
        cart: current.cart,
        version: current.version - 1,
        idempotency_key: "stale-confirmation-1",
        ord_total_ht: 0,
        ord_total_ecotaxe: 0,
        ord_total_ttc: 0,
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "cart_conflict", version: current.version, cart: current.cart });
  });
});
