import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES, clientKey, createRateLimits, throttled, type RateLimits } from "~/services/rate-limit.server";

/** The portal's throttles (app/services/rate-limit.server.ts, decision 0123): memory by default, Redis to share. */

const opened: RateLimits[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limits) => limits.close()));
});

function limits(config: Parameters<typeof createRateLimits>[0] = {}): RateLimits {
  const created = createRateLimits(config);
  opened.push(created);
  return created;
}

const tiny = { contact: { points: 2, durationSeconds: 1 } };

describe("in memory", () => {
  it("lets the rule's points through, then refuses with the seconds to wait, until the window has passed", async () => {
    const memory = limits({ rules: tiny });
    expect(await memory.consume("contact", "a")).toEqual({ allowed: true });
    expect(await memory.consume("contact", "a")).toEqual({ allowed: true });
    const refused = await memory.consume("contact", "a");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await memory.consume("contact", "a")).toEqual({ allowed: true });
  });

  it("counts each key and each rule apart, and forgets a key on reset", async () => {
    const memory = limits({ rules: { ...tiny, passwordResetByAccount: { points: 1, durationSeconds: 60 } } });
    await memory.consume("contact", "a");
    await memory.consume("contact", "a");
    expect((await memory.consume("contact", "a")).allowed).toBe(false);
    expect((await memory.consume("contact", "b")).allowed).toBe(true);
    expect((await memory.consume("passwordResetByAccount", "a")).allowed).toBe(true);
    expect(await memory.consume("passwordResetByAccount", "a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    await memory.reset("contact", "a");
    expect((await memory.consume("contact", "a")).allowed).toBe(true);
  });

  it("has the documented rules by default: 5 contact messages per 10 minutes", async () => {
    expect(RATE_LIMIT_RULES.contact).toEqual({ points: 5, durationSeconds: 600 });
    const memory = limits();
    for (let index = 0; index < 5; index++) expect((await memory.consume("contact", "x")).allowed).toBe(true);
    const refused = await memory.consume("contact", "x");
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(590);
  });

  it("counts in memory while Redis cannot be reached, and says so", async () => {
    const errors: Error[] = [];
    const unreachable = limits({ redisUrl: "redis://127.0.0.1:1", rules: tiny, onError: (error) => errors.push(error) });
    expect((await unreachable.consume("contact", "a")).allowed).toBe(true);
    expect((await unreachable.consume("contact", "a")).allowed).toBe(true);
    expect((await unreachable.consume("contact", "a")).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("in Redis (TEST_REDIS_URL)", () => {
  it("shares the counts between two portals on one Redis, and keeps no address or e-mail in its keys", async () => {
    const url = process.env.TEST_REDIS_URL ?? "";
    const prefix = `test-${randomUUID()}`;
    const first = limits({ redisUrl: url, prefix, rules: { contact: { points: 2, durationSeconds: 60 } } });
    const second = limits({ redisUrl: url, prefix, rules: { contact: { points: 2, durationSeconds: 60 } } });
    // The first call connects; wait until both instances really talk to Redis.
    await first.consume("contact", "warm-up");
    await second.consume("contact", "warm-up");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await first.consume("contact", "203.0.113.5")).allowed).toBe(true);
    expect((await second.consume("contact", "203.0.113.5")).allowed).toBe(true);
    expect((await first.consume("contact", "203.0.113.5")).allowed).toBe(false);
    const { createClient } = await import("redis");
    const reader = createClient({ url });
    await reader.connect();
    try {
      const keys = await reader.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(" ")).not.toContain("203.0.113.5");
      await reader.del(keys);
    } finally {
      await reader.close();
    }
  });
});

describe("the client's key", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:0db8:0001:0002::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:9", "2001:0db8:0001:0002::/64"],
    ["2001:DB8:1:3::1", "2001:0db8:0001:0003::/64"],
    ["::1", "0000:0000:0000:0000::/64"],
    ["fe80::", "fe80:0000:0000:0000::/64"],
    ["", "inconnue"],
  ])("%s → %s (an IPv6 client owns its whole /64)", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe("the refusal's words", () => {
  it.each([
    [1, "dans 1 seconde"],
    [45, "dans 45 secondes"],
    [60, "dans 1 minute"],
    [599, "dans 10 minutes"],
    [7200, "dans 2 heures"],
  ])("%i s → « %s », with Retry-After", (seconds, words) => {
    const { message, headers } = throttled(seconds, "messages envoyés");
    expect(message).toBe(`Trop de messages envoyés en peu de temps. Pour la sécurité de tous, réessayez ${words}.`);
    expect(headers).toEqual({ "Retry-After": String(seconds) });
  });
});
