import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn, startPortal, type TestPortal } from "../realtime/harness";

/**
 * The running portal as `npm start` gives it without NODE_ENV=production (development mode,
 * which newcomers run): no stack or server path in any answer, the request id instead
 * (decision 0139); Referer judged when neither Origin nor Sec-Fetch-Site is sent, signed-in
 * pages kept out of shared caches (decision 0140).
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  accept: "text/html,application/xhtml+xml",
};

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal({ production: false });
});
afterAll(() => portal?.close());

async function get(pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${portal.url}${pathname}`, {
    redirect: "manual",
    ...init,
    headers: { ...BROWSER, ...(init.headers as Record<string, string>) },
  });
  return { response, text: await response.text() };
}

function expectNoInternals(text: string): void {
  expect(text).not.toContain(ROOT);
  expect(text).not.toContain("node_modules");
  expect(text).not.toMatch(/\bat [\w.<>]+ \(/);
  expect(text).not.toContain('"stack"');
}

describe("no stack trace where a user can see it (development mode)", () => {
  it("a malformed %-escape in a page's address: a French 400 page with the request id", async () => {
    const { response, text } = await get("/catalogue/%E0%A4%A");
    expect(response.status).toBe(400);
    expectNoInternals(text);
    expect(text).toContain("Adresse mal formée");
    expect(text).toContain(response.headers.get("x-request-id") ?? "missing");
  });

  it("an old-style data request for a route that does not match: JSON without the stack, with the request id", async () => {
    for (const pathname of ["/nexistepas?_data=routes%2Fnope", "/nexistepas?_data=routes%2F%24", "/catalogue?_data=routes%2Fnope"]) {
      const { response, text } = await get(pathname, { headers: { accept: "application/json" } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expectNoInternals(text);
      expect(JSON.parse(text)).toMatchObject({ requestId: response.headers.get("x-request-id") });
    }
  });

  it("a POST on a page without an action: 405, no stack in the page nor in its data", async () => {
    const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: portal.url }, body: "a=1" };
    const page = await get("/mentions-legales", form);
    expect(page.response.status).toBe(405);
    expectNoInternals(page.text);
    expect(page.response.headers.get("x-request-id")).toMatch(/^[\da-f-]{36}$/);
    const data = await get("/mentions-legales.data", form);
    expect(data.response.status).toBe(405);
    expectNoInternals(data.text);
  });
});

describe("Referer when neither Origin nor Sec-Fetch-Site is sent", () => {
  const post = (pathname: string, headers: Record<string, string>, body: string, type = "application/x-www-form-urlencoded") =>
    fetch(`${portal.url}${pathname}`, { method: "POST", redirect: "manual", headers: { "content-type": type, ...headers }, body });

  it("refuses a form sent from another site's page", async () => {
    const refused = await post("/connexion", { referer: "https://attaquant.example/page" }, "login=a&password=b");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Requête refusée");
    const api = await post(
      "/api/auth/login",
      { referer: "https://attaquant.example/" },
      JSON.stringify({ login: "a", password: "b" }),
      "application/json",
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: "cross_origin" });
  });

  it("lets through a Referer of this site, and a request with no Referer at all (server-to-server)", async () => {
    expect((await post("/connexion", { referer: `${portal.url}/connexion` }, "login=a&password=b")).status).not.toBe(403);
    expect((await post("/connexion", {}, "login=a&password=b")).status).not.toBe(403);
  });
});

describe("Cache-Control of pages", () => {
  it("a signed-in page and its data: private, no-store", async () => {
    const { cookie } = await logIn(portal, "client@voilerie-atlantique.fr");
    for (const pathname of ["/", "/mon-compte", "/mon-panier", "/mentions-legales", "/_root.data"]) {
      const { response } = await get(pathname, { headers: { cookie } });
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
  });

  it("the search box's suggestions (a resource route, not a page) to a signed-in person: private, no-store", async () => {
    const { cookie } = await logIn(portal, "client@voilerie-atlantique.fr");
    for (const pathname of [
      "/catalogue/suggestions?q=antenne",
      "/catalogue/suggestions.data?q=antenne&_route=routes%2F_app.catalogue.suggestions",
    ]) {
      const { response, text } = await get(pathname, { headers: { cookie, accept: "*/*" } });
      expect(response.status, pathname).toBe(200);
      expect(text, pathname).toContain("suggestions");
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
  });

  it("a visitor's public page stays as it was (no private header added)", async () => {
    const { response } = await get("/connexion");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBeNull();
  });
});
