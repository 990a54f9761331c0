import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { CartCache } from "~/services/upstream/cart-cache.server";
import { createUpstream } from "~/services/upstream/index.server";
import { createPortalLoadContext, createPortalServices } from "~/services/context.server";
import * as layoutRoute from "~/routes/_app";
import * as cartRoute from "~/routes/_app.mon-panier._index";
import { pageRequest, SECRET } from "../portal/harness";
import { cartWith, lineFor, products } from "../backoffice/cart-fixtures";
import { cartPage, cookieFor, postAdd, postCart } from "./cart-flow";
import { LOGINS, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * Two portal processes (two caches) on one back-office: each revalidates its cart with the
 * version tag, so a colleague's save made through the other is seen at once (decision 0085).
 */
describe("cart reads revalidated with the version tag", () => {
  let backoffice: CartBackoffice;
  let client: SessionResponse;
  let buyer: SessionResponse;
  beforeAll(async () => {
    backoffice = await startCartBackoffice();
    const logIn = async (login: string) => {
      const response = await fetch(`${backoffice.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login, password: "demo1234" }),
      });
      return sessionResponse.parse(await response.json());
    };
    [client, buyer] = await Promise.all([logIn(LOGINS.client), logIn(LOGINS.buyer)]);
  });
  afterAll(async () => {
    await backoffice.close();
  });

  function portalProcess(token: string) {
    const statuses: number[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      statuses.push(response.status);
      return response;
    };
    return { statuses, upstream: createUpstream({ baseUrl: backoffice.url, token, carts: new CartCache(), fetchImpl }) };
  }

  it("reads the cart once, then is told it has not changed; a colleague's save elsewhere is seen at once", async () => {
    const orgId = client.user.auth_org_id;
    const mine = portalProcess(client.token);
    const theirs = portalProcess(buyer.token);

    const first = await mine.upstream.oms.getCart(orgId);
    expect(await mine.upstream.oms.getCart(orgId)).toBe(first);
    expect(mine.statuses).toEqual([200, 304]);

    const [product] = await products(backoffice.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    const current = await theirs.upstream.oms.getCart(orgId);
    const saved = await theirs.upstream.oms.saveCart(orgId, { cart: cartWith([lineFor(product, 2)]), version: current.version });
    // The saving process keeps what it saved: its next read is a 304.
    expect(await theirs.upstream.oms.getCart(orgId)).toBe(saved);
    expect(theirs.statuses).toEqual([200, 200, 304]);

    const seen = await mine.upstream.oms.getCart(orgId);
    expect(seen.version).toBe(first.version + 1);
    expect(seen.cart.products.find((line) => line.obj_id === product.id)?.qty).toBe(2);
    expect(mine.statuses).toEqual([200, 304, 200]);
  });

  it("loses no colleague's change when a change starts from this process's stale cart", async () => {
    const orgId = client.user.auth_org_id;
    const cookie = await cookieFor(backoffice, LOGINS.client);
    const [first, second, third] = await products(backoffice.db, "plain", 3);
    if (!first || !second || !third) throw new Error("demo data lacks plain products");
    await postCart(backoffice, cookie, { intent: "clear" });
    await postAdd(backoffice, cookie, { productId: String(first.id), qty: "1" });

    // A colleague on another portal process (its own cache) adds a line: this process's cart is stale.
    const elsewhere = portalProcess(buyer.token).upstream.oms;
    const current = await elsewhere.getCart(orgId);
    await elsewhere.saveCart(orgId, {
      cart: { ...current.cart, products: [...current.cart.products, lineFor(second, 4)] },
      version: current.version,
    });

    // This process starts its change from the stale cart; the versioned save refuses it, and the
    // change is applied again on the fresh cart.
    await postAdd(backoffice, cookie, { productId: String(third.id), qty: "2" });
    const { view } = await cartPage(backoffice, cookie);
    expect(Object.fromEntries(view.lines.map((line) => [line.productId, line.qty]))).toEqual({
      [first.id]: 1,
      [second.id]: 4,
      [third.id]: 2,
    });
    expect(view.version).toBe(current.version + 2);
  });

  it("asks /auth/me once per page for the layout and the cart, and reads the cart only when its version moved", async () => {
    const orgId = client.user.auth_org_id;
    const calls: string[] = [];
    const upstreamFetch: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? "GET";
      if (url.pathname === "/api/auth/me" || url.pathname.startsWith("/api/oms/cart/")) calls.push(`${method} ${url.pathname}`);
      return fetch(input, init);
    };
    // A portal process of its own: its cart cache starts empty.
    const services = createPortalServices({
      upstreamUrl: backoffice.url,
      sessionSecret: SECRET,
      secureCookies: false,
      upstreamFetch,
      now: backoffice.now,
    });
    const context = () => createPortalLoadContext(services, { requestId: "memo", cspNonce: "nonce" });
    const cookie = await cookieFor({ ...backoffice, context }, LOGINS.client);
    const [product] = await products(backoffice.db, "plain", 1);
    if (!product) throw new Error("demo data lacks plain products");
    await postCart({ ...backoffice, context }, cookie, { intent: "clear" });

    const showPage = async () => {
      calls.length = 0;
      const pageContext = context();
      const request = pageRequest("/mon-panier", cookie);
      const [, page] = await Promise.all([
        layoutRoute.loader({ request, context: pageContext, params: {} }),
        cartRoute.loader({ request, context: pageContext, params: {} }),
      ]);
      return page.view;
    };

    // The process saved the cart (clear): the page shows it after one /auth/me, nothing else.
    const cleared = await showPage();
    expect(cleared.lines).toEqual([]);
    expect(calls).toEqual(["GET /api/auth/me"]);

    // A colleague saves through another process: /auth/me names a newer version, so the cart is read.
    const elsewhere = portalProcess(buyer.token).upstream.oms;
    const current = await elsewhere.getCart(orgId);
    await elsewhere.saveCart(orgId, { cart: cartWith([lineFor(product, 3)]), version: current.version });
    const seen = await showPage();
    expect(seen.lines.map((line) => [line.productId, line.qty])).toEqual([[product.id, 3]]);
    expect(calls).toEqual(["GET /api/auth/me", `GET /api/oms/cart/${orgId}`]);

    // Unchanged since: one /auth/me again.
    await showPage();
    expect(calls).toEqual(["GET /api/auth/me"]);
  });
});
