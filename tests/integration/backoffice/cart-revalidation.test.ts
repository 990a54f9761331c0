import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedCart, type SessionResponse } from "@shared/contracts/api";
import { cartWith, lineFor, products } from "./cart-fixtures";
import { DEMO_TODAY, LOGINS, login, startBackoffice, type Backoffice } from "./harness";

/** The cart's entity tag is its version and the day: a client that holds it is answered 304 (decision 0085). */
describe("back-office cart revalidation", () => {
  let bo: Backoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  let orgId: number;
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    client = await login(bo, LOGINS.client);
    buyer = await login(bo, LOGINS.buyer);
    orgId = client.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const getCart = (session: SessionResponse, headers: Record<string, string> = {}, org = orgId) =>
    fetch(`${bo.baseUrl}/oms/cart/${org}`, { headers: { authorization: `Bearer ${session.token}`, ...headers } });
  const saveCart = (session: SessionResponse, version: number, lines: ReturnType<typeof lineFor>[]) =>
    fetch(`${bo.baseUrl}/oms/cart/${orgId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/json" },
      body: JSON.stringify({ version, cart: cartWith(lines) }),
    });

  it("tags the cart with its version and answers 304 without a body while it has not changed", async () => {
    const first = await getCart(client);
    const etag = first.headers.get("etag");
    const saved = savedCart.parse(await first.json());
    // The version, the day, and the revisions of the catalogue and the prices the lines were priced from.
    expect(etag).toMatch(new RegExp(`^"cart-${orgId}-${saved.version}-${DEMO_TODAY}-\\d+\\.\\d+"$`));
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const again = await getCart(client, { "if-none-match": etag ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // Weak comparison and lists, as HTTP says.
    expect((await getCart(client, { "if-none-match": `"autre", W/${etag}` })).status).toBe(304);
  });

  it("answers the new cart once a colleague has saved, with the save's own tag", async () => {
    const before = await getCart(client);
    const oldTag = before.headers.get("etag") ?? "";
    const { version } = savedCart.parse(await before.json());
    const [product] = await products(bo.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");

    const save = await saveCart(buyer, version, [lineFor(product, 3)]);
    expect(save.status).toBe(200);
    expect(save.headers.get("etag")).toMatch(new RegExp(`^"cart-${orgId}-${version + 1}-${DEMO_TODAY}-\\d+\\.\\d+"$`));

    const after = await getCart(client, { "if-none-match": oldTag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).toBe(save.headers.get("etag"));
    const fresh = savedCart.parse(await after.json());
    expect(fresh.version).toBe(version + 1);
    expect(fresh.cart.products.find((line) => line.obj_id === product.id)?.qty).toBe(3);
  });

  it("answers the cart anew the next day, when prices may have changed (a promotion ended, a quote's price expired)", async () => {
    const today = await getCart(client);
    const tag = today.headers.get("etag") ?? "";
    const { version } = savedCart.parse(await today.json());
    bo.setNow(new Date(`${DEMO_TODAY}T23:30:00Z`)); // 00:30 the next day in France
    try {
      // Fourteen hours on, the morning's token has expired: the user logs in again.
      const tomorrow = await getCart(await login(bo, LOGINS.client), { "if-none-match": tag });
      expect(tomorrow.status).toBe(200);
      expect(tomorrow.headers.get("etag")).not.toBe(tag);
      expect(savedCart.parse(await tomorrow.json()).version).toBe(version);
    } finally {
      bo.setNow(new Date(`${DEMO_TODAY}T10:00:00+01:00`));
    }
  });

  it("checks the token's right to the cart before comparing tags", async () => {
    const tag = (await getCart(client)).headers.get("etag") ?? "";
    const belgium = await login(bo, LOGINS.belgium);
    // The Belgian organization's token with the right tag learns nothing about this cart.
    const refused = await getCart(belgium, { "if-none-match": tag });
    expect(refused.status).toBe(404);
    expect(refused.headers.get("etag")).toBeNull();
    expect((await getCart(client, { "if-none-match": "*" }, orgId)).status).toBe(304);
    expect((await fetch(`${bo.baseUrl}/oms/cart/${orgId}`, { headers: { "if-none-match": tag } })).status).toBe(401);
  });
});
