import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { order, savedCart, savedCartAnswer, shippingProductsResponse, type SavedCart, type SessionResponse } from "@shared/contracts/api";
import { DEFAULT_LDD, MAX_LINE_QTY, accountContextOf, computeTotals } from "@shared/domain/index";
import { cartWith, lineFor, products, uploadCertificate } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

describe.each(ENGINES)("back-office oms on %s", (engine) => {
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

  const save = (session: SessionResponse, version: number, cart: unknown, org = session.user.auth_org_id) =>
    call<SavedCart>(bo, `/oms/cart/${org}`, { token: session.token, body: { version, cart } });

  it("lists the 14 shipping products", async () => {
    const list = shippingProductsResponse.parse((await call(bo, "/oms/products/port", { token: client.token })).body);
    expect(list).toHaveLength(14);
    expect(list.map((product) => product.obj_ref)).toContain("PORT_FRANCO");
  });

  it("answers free-shipping eligibility for the caller's organization only", async () => {
    expect((await call(bo, `/oms/free-shipping?usr_id=${orgId}`, { token: client.token })).body).toEqual({ eligible: true });
    const belgium = await login(bo, LOGINS.belgium);
    expect((await call(bo, `/oms/free-shipping?usr_id=${belgium.user.auth_org_id}`, { token: belgium.token })).body).toEqual({
      eligible: false,
    });
    expect((await call(bo, `/oms/free-shipping?usr_id=${orgId}`, { token: belgium.token })).status).toBe(404);
    expect((await call(bo, "/oms/free-shipping?usr_id=abc", { token: client.token })).status).toBe(400);
  });

  it("saves a cart with a version, repricing every line from the catalogue", async () => {
    const initial = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const [first, second] = await products(bo.db, "plain", 2);
    if (!first || !second) throw new Error("demo data lacks plain products");
    const result = await save(client, initial.version, cartWith([lineFor(first, 2), lineFor(second, 1)]));
    expect(result.status).toBe(200);
    const saved = savedCart.parse(result.body);
    expect(saved.version).toBe(initial.version + 1);
    const line = saved.cart.products.find((candidate) => candidate.obj_id === first.id);
    expect(line).toMatchObject({ qty: 2, prd_price_selling: first.price_selling, obj_ref: first.ref });
    expect(line?.prc_price).toBeGreaterThan(1);
    expect(line?.obj_title).not.toBe("titre du navigateur");
    expect((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body).toEqual(saved);
  });

  it("charges the distributor's direct-delivery fee, whatever the caller sends", async () => {
    const current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const [product] = await products(bo.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    const tampered = { ...cartWith([lineFor(product, 1)]), ldd: { active: true, price: 0, tva: 0 } };
    const saved = savedCart.parse((await save(client, current.version, tampered)).body);
    expect(saved.cart.ldd).toEqual({ ...DEFAULT_LDD, active: true });
  });

  it("refuses a line of more than 9,999 units in French", async () => {
    const current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const [product] = await products(bo.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    const answer = await save(client, current.version, cartWith([lineFor(product, MAX_LINE_QTY + 1)]));
    expect(answer).toMatchObject({ status: 400, body: { code: "quantity_too_large", message: expect.stringContaining("9999") } });
    expect(savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body).version).toBe(current.version);
  });

  it("refuses two lines of one product with duplicate_line, naming the reference, and changes nothing", async () => {
    const current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const [first, second, third] = await products(bo.db, "plain", 3);
    if (!first || !second || !third) throw new Error("demo data lacks plain products");
    const twice = cartWith([lineFor(first, 1, "a"), lineFor(second, 2, "b"), lineFor(first, 3, "c")]);
    const answer = await save(client, current.version, twice);
    expect(answer).toMatchObject({
      status: 422,
      body: {
        code: "duplicate_line",
        message: `La référence ${first.ref} figure sur plusieurs lignes du panier : gardez-en une seule, avec la quantité totale.`,
        issues: [{ path: "cart.products.c", message: `Référence déjà présente sur une autre ligne : ${first.ref}.` }],
      },
    });
    // Even when the second line sends another reference for the same product id.
    const renamed = cartWith([
      lineFor(first, 1, "a"),
      { ...lineFor(first, 1, "b"), obj_ref: "AUTRE-REF" },
      lineFor(third, 1, "c"),
      lineFor(third, 1, "d"),
    ]);
    const both = await save(client, current.version, renamed);
    expect(both).toMatchObject({
      status: 422,
      body: { code: "duplicate_line", message: expect.stringContaining(`Les références ${first.ref}, ${third.ref} figurent`) },
    });
    expect((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body).toEqual(current);
    // One line per product is saved; the shipping lines a whole-cart client sends back are not products.
    const shipping = current.cart.products.filter((line) => line.prd_is_port);
    expect(shipping.length).toBeGreaterThan(0);
    const once = await save(client, current.version, cartWith([lineFor(first, 4, "a"), lineFor(second, 2, "b"), ...shipping, ...shipping]));
    expect(once.status).toBe(200);
  });

  it("answers a stale version with 409 and the current cart", async () => {
    const current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const stale = await save(client, current.version - 1, cartWith([]));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "cart_conflict", version: current.version });
    expect((stale.body as unknown as SavedCart).cart.products.length).toBe(current.cart.products.length);
  });

  it("refuses another organization's cart, unknown products and wrong shapes", async () => {
    const belgium = await login(bo, LOGINS.belgium);
    expect((await call(bo, `/oms/cart/${orgId}`, { token: belgium.token })).status).toBe(404);
    expect((await save(belgium, 0, cartWith([]), orgId)).body).toMatchObject({ code: "not_found" });
    const own = belgium.user.auth_org_id;
    const unknown = await save(belgium, 0, cartWith([lineFor({ id: 999999, ref: "NOPE" }, 1)]), own);
    expect(unknown).toMatchObject({ status: 422, body: { code: "unknown_product" } });
    const [discontinued] = await products(bo.db, "discontinued", 1);
    if (discontinued) expect((await save(belgium, 0, cartWith([lineFor(discontinued, 1)]), own)).status).toBe(422);
    expect((await save(belgium, 0, { products: "none" }, own)).status).toBe(400);
    expect((await call(bo, `/oms/cart/${own}`, { token: belgium.token, rawBody: "{oops" })).body).toMatchObject({ code: "invalid_json" });
  });

  it("enforces the cart and orders flags of people accounts", async () => {
    const consultant = await login(bo, LOGINS.consultant);
    expect((await save(consultant, 0, cartWith([]))).body).toMatchObject({ code: "forbidden" });
    const storekeeper = await login(bo, LOGINS.storekeeper);
    // Read without amounts (no `prices`: decision 0131), saved back as read.
    const current = savedCartAnswer.parse((await call(bo, `/oms/cart/${orgId}`, { token: storekeeper.token })).body);
    expect((await save(storekeeper, current.version, current.cart)).status).toBe(200);
    const confirm = await call(bo, `/oms/cart/${orgId}/confirm?usr_id=${storekeeper.user.obj_id}&usr_name=G`, {
      token: storekeeper.token,
      body: {
        cart: current.cart,
        version: current.version + 1,
        idempotency_key: "storekeeper-1",
        ord_total_ht: 0,
        ord_total_ecotaxe: 0,
        ord_total_ttc: 0,
      },
    });
    expect(confirm.status).toBe(403);
  });

  describe("confirmation", () => {
    it("refuses an empty cart, wrong totals and missing MMSI certificates", async () => {
      const corsica = await login(bo, LOGINS.corsica);
      const own = corsica.user.auth_org_id;
      const path = `/oms/cart/${own}/confirm?usr_id=${corsica.user.obj_id}&usr_name=Nautisme%20Ajaccio`;
      const zeroTotals = { ord_total_ht: 0, ord_total_ecotaxe: 0, ord_total_ttc: 0 };
      const empty = await call(bo, path, {
        token: corsica.token,
        body: { cart: cartWith([]), version: 0, idempotency_key: "empty-cart-1", ...zeroTotals },
      });
      expect(empty).toMatchObject({ status: 422, body: { code: "empty_cart" } });

      const [mmsi] = await products(bo.db, "mmsi", 1);
      if (!mmsi) throw new Error("demo data lacks MMSI products");
      const saved = savedCart.parse((await save(corsica, 0, cartWith([lineFor(mmsi, 2)]))).body);
      const totals = computeTotals(saved.cart, { objRef: "C0005", zipcode: "20000", country: "FR", catCompta: "Ventes France" });
      const sentTotals = { ord_total_ht: totals.ht, ord_total_ecotaxe: totals.ecotaxe, ord_total_ttc: totals.ttc };
      const invalid = await call(bo, path, {
        token: corsica.token,
        body: { cart: saved.cart, version: saved.version, idempotency_key: "mmsi-key-1", ...sentTotals },
      });
      expect(invalid, JSON.stringify(invalid.body)).toMatchObject({ status: 422, body: { code: "invalid_order" } });

      const certificates = [
        await uploadCertificate(bo, corsica.token, mmsi.id, "227000001"),
        await uploadCertificate(bo, corsica.token, mmsi.id, "227000002"),
      ];
      const withCertificates = {
        ...saved.cart,
        products: saved.cart.products.map((line) => (line.prd_is_port ? line : { ...line, certificates })),
      };
      const mismatch = await call(bo, path, {
        token: corsica.token,
        body: { cart: withCertificates, version: saved.version, idempotency_key: "mmsi-key-2", ...zeroTotals },
      });
      expect(mismatch).toMatchObject({ status: 422, body: { code: "totals_mismatch" } });
      const ok = await call(bo, path, {
        token: corsica.token,
        body: { cart: withCertificates, version: saved.version, idempotency_key: "mmsi-key-3", ...sentTotals },
      });
      expect(ok.status).toBe(201);
    });

    it("confirms an order of more than 21 million euros (amounts beyond 32 bits) with exact totals", async () => {
      const exporter = await login(bo, LOGINS.exporter);
      const own = exporter.user.auth_org_id;
      const dearest = await bo.db
        .selectFrom("products")
        .select(["id", "ref", "price_selling"])
        .where("is_port", "=", false)
        .where("discontinued", "=", false)
        .where("is_mmsi", "=", false)
        .orderBy("price_selling", "desc")
        .limit(3)
        .execute();
      const current = savedCart.parse((await call(bo, `/oms/cart/${own}`, { token: exporter.token })).body);
      const saved = savedCart.parse(
        (await save(exporter, current.version, cartWith(dearest.map((product) => lineFor(product, MAX_LINE_QTY))))).body,
      );
      const totals = computeTotals(saved.cart, accountContextOf(exporter.user));
      expect(totals.ht).toBeGreaterThan(2 ** 31);
      const path = `/oms/cart/${own}/confirm?usr_id=${exporter.user.obj_id}&usr_name=Antilles%20Marine`;
      const body = {
        cart: saved.cart,
        version: saved.version,
        idempotency_key: "large-order-1",
        ord_total_ht: totals.ht,
        ord_total_ecotaxe: totals.ecotaxe,
        ord_total_ttc: totals.ttc,
      };
      const confirmed = await call(bo, path, { token: exporter.token, body });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      const created = order.parse(confirmed.body);
      expect(created).toMatchObject({ ord_total_ht: totals.ht, ord_total_ttc: totals.ttc });
      expect(order.parse((await call(bo, `/oms/orders/${created.ord_id}`, { token: exporter.token })).body).ord_total_ht).toBe(totals.ht);
    });

    it("creates one order for a repeated confirmation and empties the cart", async () => {
      const [product] = await products(bo.db, "plain", 1);
      if (!product) throw new Error("demo data lacks plain products");
      const current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
      const saved = savedCart.parse((await save(client, current.version, cartWith([lineFor(product, 3)]))).body);
      const totals = computeTotals(saved.cart, { objRef: "C0001", zipcode: "29200", country: "FR", catCompta: "Ventes France" });
      const body = {
        cart: saved.cart,
        version: saved.version,
        idempotency_key: "confirm-voilerie-1",
        ord_total_ht: totals.ht,
        ord_total_ecotaxe: totals.ecotaxe,
        ord_total_ttc: totals.ttc,
      };
      const path = `/oms/cart/${orgId}/confirm?usr_id=${client.user.obj_id}&usr_name=Voilerie%20Atlantique`;
      const [first, second] = await Promise.all([
        call(bo, path, { token: client.token, body }),
        call(bo, path, { token: client.token, body }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      const created = order.parse(first.body);
      expect(order.parse(second.body).ord_id).toBe(created.ord_id);
      expect(created).toMatchObject({
        ord_ref: expect.stringMatching(/^CMD-\d{6}$/),
        usr_name: "Voilerie Atlantique",
        ord_total_ttc: totals.ttc,
      });
      expect(created.lines.find((line) => !line.prd_is_port)).toMatchObject({ obj_id: product.id, qty: 3 });
      const replay = await call(bo, path, { token: client.token, body });
      expect(order.parse(replay.body).ord_id).toBe(created.ord_id);
      const count = await bo.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("idempotency_key", "=", "confirm-voilerie-1")
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
      const after = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
      expect(after).toMatchObject({ version: saved.version + 1, cart: { products: [] } });

      expect(order.parse((await call(bo, `/oms/orders/${created.ord_id}`, { token: client.token })).body).ord_id).toBe(created.ord_id);
      const belgium = await login(bo, LOGINS.belgium);
      expect((await call(bo, `/oms/orders/${created.ord_id}`, { token: belgium.token })).status).toBe(404);
      expect(
        (await call(bo, `/oms/cart/${orgId}/confirm?usr_id=${belgium.user.obj_id}&usr_name=x`, { token: belgium.token, body })).status,
      ).toBe(404);
    });
  });
});
