import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { order, savedCart, savedCartAnswer, sessionResponse, type SavedCartAnswer, type SessionResponse } from "@shared/contracts/api";
import { accountContextOf, computeTotals } from "@shared/domain/index";
import { certificatesDb } from "../../../server/backoffice/certificates/store";
import { cartWith, lineFor, products } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";
import { placeOrder } from "./orders-fixtures";

/**
 * The API enforces what the pages enforce (issue 22): no amount in the cart's answers without
 * `prices` (decision 0131); a contributor reaches a cart and an order after login-as only, and
 * the author of an order comes from the token (decision 0132).
 */
describe.each(ENGINES)("the API enforces what the pages enforce on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let storekeeper: SessionResponse;
  let sales: SessionResponse;
  let orgId: number;
  let distributorId: number;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [client, storekeeper, sales] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.storekeeper), login(bo, LOGINS.sales)]);
    orgId = client.user.auth_org_id;
    distributorId = sales.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const read = (session: SessionResponse, org = session.user.auth_org_id) => call(bo, `/oms/cart/${org}`, { token: session.token });
  const save = (session: SessionResponse, version: number, cart: unknown, org = session.user.auth_org_id) =>
    call(bo, `/oms/cart/${org}`, { token: session.token, body: { version, cart } });
  const loginAs = async (org: number): Promise<SessionResponse> =>
    sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: org } })).body,
    );

  /** Every amount a cart answer may carry, shipping lines and the direct-delivery fee included. */
  const amountsOf = (answer: SavedCartAnswer) => [
    answer.cart.ldd.price,
    ...answer.cart.products.flatMap((line) => [
      line.prd_price_selling,
      line.prc_price,
      line.prc_promo_price,
      line.prc_discount,
      line.prd_ecotaxe,
      line.quote?.unit_price ?? null,
    ]),
  ];

  describe("the cart without `prices` (decision 0131)", () => {
    it("answers a read with every amount null, keys kept, and the rest as the client reads it", async () => {
      const [first, second] = await products(bo.db, "plain", 2);
      if (!first || !second) throw new Error("demo data lacks plain products");
      const current = savedCart.parse((await read(client)).body);
      const cart = { ...cartWith([lineFor(first, 3), lineFor(second, 1)]), ldd: { ...current.cart.ldd, active: true } };
      const priced = savedCart.parse((await save(client, current.version, cart)).body);
      expect(priced.cart.products.some((line) => line.prd_is_port)).toBe(true);

      const answer = await read(storekeeper);
      expect(answer.status).toBe(200);
      const bare = savedCartAnswer.parse(answer.body);
      expect(savedCart.safeParse(answer.body).success).toBe(false);
      expect(amountsOf(bare).every((amount) => amount === null)).toBe(true);
      // The keys are in the JSON itself (null, not left out), shipping lines included.
      for (const line of (answer.body as { cart: { products: Record<string, unknown>[] } }).cart.products) {
        expect(Object.keys(line)).toEqual(
          expect.arrayContaining(["prd_price_selling", "prc_price", "prc_promo_price", "prc_discount", "prd_ecotaxe"]),
        );
      }
      // Quantities, titles, stock and the shipping lines themselves are the client's.
      expect(bare.version).toBe(priced.version);
      expect(bare.cart.products.map((line) => [line.obj_ref, line.qty, line.prd_is_port, line.prd_sto_disp])).toEqual(
        priced.cart.products.map((line) => [line.obj_ref, line.qty, line.prd_is_port, line.prd_sto_disp]),
      );
      expect(bare.cart.ldd.active).toBe(true);
    });

    it("never revalidates one view with the other's tag", async () => {
      const priced = await fetch(`${bo.baseUrl}/oms/cart/${orgId}`, { headers: { authorization: `Bearer ${client.token}` } });
      const tag = priced.headers.get("etag") ?? "";
      await priced.text();
      const bare = await fetch(`${bo.baseUrl}/oms/cart/${orgId}`, {
        headers: { authorization: `Bearer ${storekeeper.token}`, "if-none-match": tag },
      });
      expect(bare.status).toBe(200);
      const bareTag = bare.headers.get("etag") ?? "";
      expect(bareTag).not.toBe(tag);
      expect(amountsOf(savedCartAnswer.parse(await bare.json())).every((amount) => amount === null)).toBe(true);
      const again = await fetch(`${bo.baseUrl}/oms/cart/${orgId}`, {
        headers: { authorization: `Bearer ${client.token}`, "if-none-match": bareTag },
      });
      expect(again.status).toBe(200);
      expect(savedCart.safeParse(await again.json()).success).toBe(true);
    });

    it("answers a save and a stale save's 409 without amounts", async () => {
      const current = savedCartAnswer.parse((await read(storekeeper)).body);
      // A third product: the cart holds the first two.
      const [, , product] = await products(bo.db, "plain", 3);
      if (!product) throw new Error("demo data lacks plain products");
      const saved = await save(storekeeper, current.version, {
        ...current.cart,
        products: [...current.cart.products.filter((line) => !line.prd_is_port), lineFor(product, 2)],
      });
      expect(saved.status).toBe(200);
      const after = savedCartAnswer.parse(saved.body);
      expect(after.cart.products.length).toBeGreaterThan(current.cart.products.length);
      expect(amountsOf(after).every((amount) => amount === null)).toBe(true);
      const stale = await save(storekeeper, current.version, current.cart);
      expect(stale.status).toBe(409);
      const conflict = stale.body as unknown as SavedCartAnswer;
      expect(conflict.version).toBe(after.version);
      expect(amountsOf({ cart: conflict.cart, version: conflict.version }).every((amount) => amount === null)).toBe(true);
      // The client still reads every amount of the same cart.
      const full = savedCart.parse((await read(client)).body);
      expect(full.version).toBe(after.version);
      expect(full.cart.products.every((line) => line.prc_price >= 0)).toBe(true);
    });

    it("still checks the totals of an account with prices: none sent is refused", async () => {
      const current = savedCart.parse((await read(client)).body);
      const confirm = await call(bo, `/oms/cart/${orgId}/confirm?usr_id=${client.user.obj_id}&usr_name=x`, {
        token: client.token,
        body: {
          cart: current.cart,
          version: current.version,
          idempotency_key: "enforcement-null-totals",
          ord_total_ht: null,
          ord_total_ecotaxe: null,
          ord_total_ttc: null,
        },
      });
      expect(confirm).toMatchObject({ status: 422, body: { code: "totals_mismatch" } });
    });
  });

  describe("a contributor without login-as (decision 0132)", () => {
    const REFUSAL = /^Choisissez d'abord le client pour lequel vous agissez/;

    it("can neither read, save nor confirm the distributor's cart, and no order is created", async () => {
      const [product] = await products(bo.db, "plain", 1);
      if (!product) throw new Error("demo data lacks plain products");
      const readAnswer = await read(sales);
      expect(readAnswer).toMatchObject({ status: 403, body: { code: "forbidden", message: expect.stringMatching(REFUSAL) } });
      const cart = cartWith([lineFor(product, 1)]);
      const saved = await save(sales, 0, cart);
      expect(saved).toMatchObject({ status: 403, body: { message: expect.stringMatching(REFUSAL) } });
      // Before: the distributor's cart was saved, then confirmed as an order of the distributor.
      const totals = computeTotals(cart, accountContextOf(sales.user));
      const confirm = await call(bo, `/oms/cart/${distributorId}/confirm?usr_id=${sales.user.obj_id}&usr_name=Yann`, {
        token: sales.token,
        body: {
          cart,
          version: 0,
          idempotency_key: "contributor-own-cart",
          ord_total_ht: totals.ht,
          ord_total_ecotaxe: totals.ecotaxe,
          ord_total_ttc: totals.ttc,
        },
      });
      expect(confirm).toMatchObject({ status: 403, body: { message: expect.stringMatching(REFUSAL) } });
      const orders = await bo.db.selectFrom("orders").select("id").where("org_id", "=", distributorId).execute();
      expect(orders).toEqual([]);
      const carts = await bo.db.selectFrom("carts").select("version").where("org_id", "=", distributorId).execute();
      expect(carts.every((row) => row.version === 0)).toBe(true);
    });

    it("reads an order after login-as only; a people account without `orders` reads it (0103)", async () => {
      const [product] = await products(bo.db, "plain", 4);
      if (!product) throw new Error("demo data lacks plain products");
      const corsicaId = (await bo.db.selectFrom("organizations").select("id").where("ref", "=", "C0005").executeTakeFirstOrThrow()).id;
      const acting = await loginAs(corsicaId);
      const placed = await placeOrder(bo, acting, [[product, 1]], "enforcement-order-read");
      expect((await call(bo, `/oms/orders/${placed.ord_id}`, { token: acting.token })).status).toBe(200);
      const own = await call(bo, `/oms/orders/${placed.ord_id}`, { token: sales.token });
      expect(own).toMatchObject({ status: 403, body: { message: expect.stringMatching(REFUSAL) } });
      // The storekeeper (orders: false) reads its organization's orders, amounts null (0103, 0107).
      const clientOrder = await placeOrder(bo, client, [[product, 1]], "enforcement-order-storekeeper");
      const read = await call(bo, `/oms/orders/${clientOrder.ord_id}`, { token: storekeeper.token });
      expect(read.status).toBe(200);
      expect(order.parse(read.body).ord_total_ttc).toBeNull();
    });

    it("can neither upload nor delete a certificate of the distributor's cart, and no file is stored", async () => {
      const [mmsi] = await products(bo.db, "mmsi", 1);
      if (!mmsi) throw new Error("demo data lacks MMSI products");
      const pdf = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n").toString("base64");
      const body = { mmsi: "227000001", file_name: "227000001.pdf", product_id: mmsi.id, content_base64: pdf };
      // Before: stored for the distributor's organization, whose cart no contributor reaches (found by the API's access matrix).
      const upload = await call(bo, "/oms/certificates", { token: sales.token, body });
      expect(upload).toMatchObject({ status: 403, body: { message: expect.stringMatching(REFUSAL) } });
      const removal = await call(bo, "/oms/certificates/00000000-0000-4000-8000-000000000000", { token: sales.token, method: "DELETE" });
      expect(removal).toMatchObject({ status: 403, body: { message: expect.stringMatching(REFUSAL) } });
      const stored = await certificatesDb(bo.db).selectFrom("certificates").select("cer_id").where("org_id", "=", distributorId).execute();
      expect(stored).toEqual([]);
      // After login-as the representative attaches the client's certificate as the client would.
      const acting = await loginAs(orgId);
      expect((await call(bo, "/oms/certificates", { token: acting.token, body })).status).toBe(201);
    });
  });

  describe("the author of a confirmation comes from the token (decision 0132)", () => {
    const confirmWith = async (session: SessionResponse, query: string, key: string) => {
      const [product] = await products(bo.db, "plain", 5);
      if (!product) throw new Error("demo data lacks plain products");
      const org = session.user.auth_org_id;
      const current = savedCart.parse((await read(session)).body);
      const saved = savedCart.parse((await save(session, current.version, cartWith([lineFor(product, 1)]))).body);
      const totals = computeTotals(saved.cart, accountContextOf(session.user));
      const answer = await call(bo, `/oms/cart/${org}/confirm?${query}`, {
        token: session.token,
        body: {
          cart: saved.cart,
          version: saved.version,
          idempotency_key: key,
          ord_total_ht: totals.ht,
          ord_total_ecotaxe: totals.ecotaxe,
          ord_total_ttc: totals.ttc,
        },
      });
      expect(answer.status).toBe(201);
      return order.parse(answer.body);
    };

    it("records the organization, not the name the query gives", async () => {
      const placed = await confirmWith(
        client,
        `usr_id=${client.user.obj_id}&usr_name=${encodeURIComponent("Le Directeur Général")}`,
        "enforcement-author-1",
      );
      expect(placed).toMatchObject({ usr_id: client.user.obj_id, usr_name: client.user.obj_name });
      const row = await bo.db.selectFrom("orders").select(["usr_name"]).where("id", "=", placed.ord_id).executeTakeFirstOrThrow();
      expect(row.usr_name).toBe("Voilerie Atlantique");
    });

    it("records the master after login-as, whichever of the two ids and whatever name the query gives", async () => {
      const acting = await loginAs(orgId);
      const placed = await confirmWith(acting, `usr_id=${acting.user.obj_id}&usr_name=Quelqu%27un`, "enforcement-author-2");
      expect(placed).toMatchObject({ usr_id: sales.user.obj_id, usr_name: "Yann Le Gall" });
    });
  });
});
