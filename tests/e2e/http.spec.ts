import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

// Plain HTTP checks: they do not depend on the browser's JavaScript, so they run once.
test.describe("over plain HTTP", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "runs once, in the js project");

  test("the guards answer as the README's curl checks say", async ({ request }) => {
    const home = await request.get("/", { maxRedirects: 0 });
    expect(home.status()).toBe(302);
    expect(home.headers().location).toBe("/connexion");
    expect((await request.get("/nous-contacter", { maxRedirects: 0 })).headers().location).toBeUndefined();
    const api = await request.get("/api/auth/me", { maxRedirects: 0 });
    expect(api.status()).toBe(401);
    expect((await request.get("/n-existe-pas", { maxRedirects: 0 })).status()).toBe(404);
    const brands = await request.get("/marques", { maxRedirects: 0 });
    expect([brands.status(), brands.headers().location]).toEqual([301, "/catalogue/marques"]);
  });

  test("the two health checks answer without a session: the server, and the rendering", async ({ request }) => {
    const server = await request.get("/sante", { maxRedirects: 0 });
    expect([server.status(), await server.text()]).toEqual([200, "ok"]);
    const rendering = await request.get("/sante/rendu", { maxRedirects: 0 });
    expect(rendering.status()).toBe(200);
    expect(await rendering.text()).toContain("<h1>Rendu en service</h1>");
  });

  test("bots get the bare status, without the error page", async ({ request }) => {
    const response = await request.get("/n-existe-pas", { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe("404");
  });

  test("security headers and the cross-origin POST refusal", async ({ request }) => {
    const page = await request.get("/connexion");
    const headers = page.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();
    const forged = await request.post("/connexion", {
      headers: { Origin: "https://evil.example" },
      form: { login: "client@voilerie-atlantique.fr", password: "demo1234" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
  });

  test("fingerprinted assets are cached for a year", async ({ request }) => {
    // Read from the server's HTML: once hydrated, Remix no longer renders the preload links.
    const html = await (await request.get("/connexion")).text();
    const asset = /<link rel="modulepreload" href="(\/build\/[^"]+)"/.exec(html)?.[1];
    expect(asset).toMatch(/^\/build\/.+-[A-Z0-9]{8}\.js$/);
    const response = await request.get(asset ?? "");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("the latest-build file names the build the pages are made of, and is revalidated", async ({ request }) => {
    const html = await (await request.get("/connexion")).text();
    const pageVersion = /"version":\s*"([0-9a-f]+)"/.exec(html)?.[1];
    expect(pageVersion).toMatch(/^[0-9a-f]{8}$/);
    const response = await request.get("/build/version.json");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(await response.json()).toEqual({ version: pageVersion });
  });

  test("the login page loads less than 120 KB of gzipped JavaScript", async ({ page, request }) => {
    const scripts = new Set<string>();
    page.on("request", (sent) => {
      if (sent.resourceType() === "script" || sent.url().endsWith(".js")) scripts.add(sent.url());
    });
    await page.goto("/connexion", { waitUntil: "networkidle" });
    let total = 0;
    for (const url of scripts) total += gzipSync(await (await request.get(url)).body()).length;
    test.info().annotations.push({ type: "login-js-gzip-bytes", description: String(total) });
    console.log(`login page JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThan(120 * 1024);
  });
});
