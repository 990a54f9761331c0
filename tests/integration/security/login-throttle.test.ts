import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../portal/harness";
import { startPortal, type TestPortal } from "../realtime/harness";

/**
 * Login throttling (ASVS 2.2.1, decision 0136) on the running portal, behind one proxy
 * (trust proxy = 1 hop): every request carries the X-Forwarded-For a proxy would pass on, the
 * client's own (spoofed) entries first, the address the proxy saw last. Per account: 5 free
 * failures, then waits, blocked at the 10th; per address: 20 free. In memory, and in Redis
 * when TEST_REDIS_URL is set.
 */

const PROXY_SAW = { api: "203.0.113.50", page: "203.0.113.60", accountApi: "198.51.100.1", accountPage: "198.51.100.2" };

interface Variant {
  name: string;
  redisUrl?: string;
}
const VARIANTS: Variant[] = [{ name: "memory" }];
if (process.env.TEST_REDIS_URL) VARIANTS.push({ name: "Redis", redisUrl: process.env.TEST_REDIS_URL });

let spoofs = 0;
/** A forwarded-for header whose first entry is new each time: a client trying to pass as someone else. */
function forwardedFor(address: string): string {
  spoofs += 1;
  return `10.${spoofs % 250}.${Math.floor(spoofs / 250)}.7, ${address}`;
}

describe.each(VARIANTS)("login throttling ($name)", ({ redisUrl }) => {
  let portal: TestPortal;
  const channel = `test-${randomUUID()}`;
  beforeAll(async () => {
    portal = await startPortal({ trustProxyHops: 1, redisUrl, realtimeChannel: channel });
  });
  afterAll(() => portal?.close());

  function apiLogin(login: string, password: string, address: string) {
    return fetch(`${portal.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor(address) },
      body: JSON.stringify({ login, password }),
    });
  }

  function pageLogin(login: string, password: string, address: string) {
    return fetch(`${portal.url}/connexion`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: portal.url,
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0",
        "x-forwarded-for": forwardedFor(address),
      },
      body: new URLSearchParams({ login, password }).toString(),
    });
  }

  it("API: after 6 wrong passwords the right one is refused with 429, Retry-After and a French message", async () => {
    const login = "client@voilerie-atlantique.fr";
    for (let attempt = 1; attempt <= 6; attempt++) expect((await apiLogin(login, "mauvais", PROXY_SAW.accountApi)).status).toBe(401);
    const refused = await apiLogin(login, DEMO_PASSWORD, PROXY_SAW.accountApi);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5);
    const body = (await refused.json()) as { code: string; message: string; retry_after: number };
    expect(body.code).toBe("login_throttled");
    expect(body.message).toMatch(/^Trop de tentatives de connexion en peu de temps\. .*réessayez dans \d+ secondes?\.$/);
    expect(body.retry_after).toBe(retryAfter);
    // Another address (a spoofed first entry changes nothing; a real one neither): the account waits.
    expect((await apiLogin(login, DEMO_PASSWORD, "192.0.2.99")).status).toBe(429);
  });

  it("API: a success forgets the account's failures", async () => {
    const login = "contact@nautisme-ajaccio.fr";
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt <= 5; attempt++) expect((await apiLogin(login, "mauvais", "192.0.2.10")).status).toBe(401);
      expect((await apiLogin(login, DEMO_PASSWORD, "192.0.2.10")).status).toBe(200);
    }
  });

  it("API: one address has 20 free failures across accounts, then waits, whatever X-Forwarded-For it invents", async () => {
    for (let attempt = 1; attempt <= 21; attempt++) {
      expect((await apiLogin(`inconnu-${attempt}@exemple.fr`, "mauvais", PROXY_SAW.api)).status).toBe(401);
    }
    const refused = await apiLogin("commercial@nautidistrib.fr", DEMO_PASSWORD, PROXY_SAW.api);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("/connexion: after 6 wrong passwords the right one gets the form again, 429, Retry-After, in French", async () => {
    const login = "acheteur@voilerie-atlantique.fr";
    for (let attempt = 1; attempt <= 6; attempt++) expect((await pageLogin(login, "mauvais", PROXY_SAW.accountPage)).status).toBe(401);
    const refused = await pageLogin(login, DEMO_PASSWORD, PROXY_SAW.accountPage);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie().join(" ")).not.toContain("portail_session=");
    expect(await refused.text()).toContain("Trop de tentatives de connexion en peu de temps");
  });

  it("/connexion: one visitor's address has 20 free failures, then waits, whatever X-Forwarded-For it invents", async () => {
    for (let attempt = 1; attempt <= 21; attempt++) {
      expect((await pageLogin(`visiteur-${attempt}@exemple.fr`, "mauvais", PROXY_SAW.page)).status).toBe(401);
    }
    const refused = await pageLogin("commercial@nautidistrib.fr", DEMO_PASSWORD, PROXY_SAW.page);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another visitor is not held up.
    expect((await pageLogin("commercial@nautidistrib.fr", DEMO_PASSWORD, "192.0.2.77")).status).toBe(302);
  });

  it.runIf(redisUrl)(
    "several instances on one Redis count the same failures",
    async () => {
      const second = await startPortal({ trustProxyHops: 1, redisUrl, realtimeChannel: channel });
      // Until its connection is up an instance counts in memory (decision 0123's insurance).
      await new Promise((resolve) => setTimeout(resolve, 500));
      try {
        const login = "magasinier@voilerie-atlantique.fr";
        for (let attempt = 1; attempt <= 6; attempt++) {
          const instance = attempt % 2 === 0 ? second.url : portal.url;
          const answer = await fetch(`${instance}/api/auth/login`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor("192.0.2.20") },
            body: JSON.stringify({ login, password: "mauvais" }),
          });
          expect(answer.status).toBe(401);
        }
        const refused = await fetch(`${second.url}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor("192.0.2.21") },
          body: JSON.stringify({ login, password: DEMO_PASSWORD }),
        });
        expect(refused.status).toBe(429);
      } finally {
        await second.close();
      }
    },
    90_000,
  );
});
