import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGINS, logIn, someProduct, startPortal, type LoggedIn, type TestPortal } from "../realtime/harness";
import { DEMO_PASSWORD } from "../portal/harness";

/**
 * A redirect target with a character above U+00FF cannot go into a Location header as is (Node
 * refuses it: a 500). Every route that takes `redirectTo` is asked through the whole portal, where
 * the header is written, with a crafted link's targets: it answers as usual, the target
 * percent-encoded (decision 0165).
 */

const TARGETS = [
  { sent: "/\u3002/x", location: "/%E3%80%82/x" },
  { sent: "/\u2028x", location: "/%E2%80%A8x" },
];

let portal: TestPortal;
let buyer: LoggedIn;
let productId: number;

beforeAll(async () => {
  portal = await startPortal();
  buyer = await logIn(portal, LOGINS.buyer);
  productId = (await someProduct(buyer)).id;
});
afterAll(() => portal?.close());

function post(pathname: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: portal.origin };
  if (cookie) headers.cookie = cookie;
  return fetch(`${portal.url}${pathname}`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(fields).toString() });
}

describe("redirectTo holding a character above U+00FF", () => {
  it.each(TARGETS)("the login page shows, and a login lands on the encoded target ($location)", async ({ sent, location }) => {
    const page = await fetch(`${portal.url}/connexion?redirectTo=${encodeURIComponent(sent)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`value="${location}"`);

    const login = await post("/connexion", { login: LOGINS.client, password: DEMO_PASSWORD, redirectTo: sent });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe(location);
  });

  it.each(TARGETS)("an add to cart goes back to the encoded target ($location)", async ({ sent, location }) => {
    const response = await post("/mon-panier/ajouter", { productId: String(productId), qty: "1", redirectTo: sent }, buyer.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(location);
  });

  it.each(TARGETS)("a favourite toggle goes back to the encoded target ($location)", async ({ sent, location }) => {
    const response = await post("/mon-compte/favoris", { intent: "add", product_id: String(productId), redirectTo: sent }, buyer.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(location);
  });
});
