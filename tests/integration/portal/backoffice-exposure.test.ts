import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SERVICE_TOKEN } from "../../../server/backoffice/seed/organizations-data";
import { startPortal, type TestPortal } from "../realtime/harness";
import { DEMO_PASSWORD } from "./harness";

/**
 * Decision 0141: a production portal serves, on its public port, only the back-office calls of
 * the distributor's systems (service tokens) and the alerts' one-click unsubscribe; a user's
 * own password opens nothing else of the API there. The portal itself reaches the whole
 * contract on a listener bound to 127.0.0.1.
 */
const LOGIN = { login: "client@voilerie-atlantique.fr", password: DEMO_PASSWORD };

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

describe("the back-office of a production portal", () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({ production: true, demoData: true, portalUrl: "https://portail.example.fr" });
  }, 120_000);
  afterAll(() => portal?.close());

  it.each([
    ["POST", "/api/auth/login"],
    ["POST", "/api/AUTH/login"],
    ["GET", "/api/auth/me"],
    ["GET", "/api/oms/products/port"],
    ["GET", "/api/pim/categories?usr_id=1"],
    ["POST", "/api/crm/addresses"],
    ["GET", "/api//auth/me"],
  ])("answers %s %s on the public port as an unknown address", async (method, path) => {
    const response = method === "POST" ? await post(`${portal.url}${path}`, LOGIN) : await fetch(`${portal.url}${path}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "not_found", message: "Cette adresse d'API n'existe pas." });
  });

  it("keeps the distributor's systems' calls on the public port, with their service token", async () => {
    const withToken = await fetch(`${portal.url}/api/erp/orders`, { headers: { authorization: `Bearer ${DEMO_SERVICE_TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toMatchObject({ items: expect.any(Array) });
    const withoutToken = await fetch(`${portal.url}/api/erp/orders`);
    expect(withoutToken.status).toBe(401);
    // The one-click unsubscribe reaches the back-office (which judges its token), not the gate.
    const unsubscribe = await fetch(`${portal.url}/api/alerts/unsubscribe?token=inconnu`, { method: "POST" });
    expect((await unsubscribe.json()) as { code: string }).not.toMatchObject({ code: "not_found" });
  });

  it("serves the whole contract to the portal on 127.0.0.1 only, and the pages work through it", async () => {
    expect(portal.backofficeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(portal.backofficeUrl).not.toBe(portal.url);
    expect((await post(`${portal.backofficeUrl}/api/auth/login`, LOGIN)).status).toBe(200);

    const login = await fetch(`${portal.url}/connexion`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: portal.url },
      body: new URLSearchParams(LOGIN),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const cart = await fetch(`${portal.url}/mon-panier`, { headers: { cookie }, redirect: "manual" });
    expect(cart.status).toBe(200);
    expect(await cart.text()).toContain("Panier");
  });
});
