import { describe, expect, it } from "vitest";
import { SessionCache } from "../../../server/backoffice/auth/session-cache";
import type { Session } from "../../../server/backoffice/http/session";

function session(tokenHash: string, expiresAt: string): Session {
  return { tokenHash, expiresAt: new Date(expiresAt), user: {} as Session["user"], org: {} as Session["org"], master: null };
}

const NOW = new Date("2026-11-20T10:00:00Z");

describe("SessionCache", () => {
  it("trusts a resolved token for its lifetime only", () => {
    let clock = 0;
    const cache = new SessionCache({ ttlMs: 10_000 }, () => clock);
    cache.set(session("a", "2026-11-21T00:00:00Z"));
    clock = 9_999;
    expect(cache.get("a", NOW)?.tokenHash).toBe("a");
    clock = 10_000;
    expect(cache.get("a", NOW)).toBeUndefined();
  });

  it("never answers a token past its expiry, even within the lifetime", () => {
    const cache = new SessionCache({ ttlMs: 60_000 }, () => 0);
    cache.set(session("a", "2026-11-20T10:00:01Z"));
    expect(cache.get("a", NOW)?.tokenHash).toBe("a");
    expect(cache.get("a", new Date("2026-11-20T10:00:01Z"))).toBeUndefined();
  });

  it("forgets everything on clear (a revocation) and keeps nothing with a zero lifetime", () => {
    const cache = new SessionCache({}, () => 0);
    cache.set(session("a", "2026-11-21T00:00:00Z"));
    cache.clear();
    expect(cache.get("a", NOW)).toBeUndefined();
    const none = new SessionCache({ ttlMs: 0 }, () => 0);
    none.set(session("a", "2026-11-21T00:00:00Z"));
    expect(none.get("a", NOW)).toBeUndefined();
  });

  it("drops the oldest token past its size", () => {
    const cache = new SessionCache({ maxEntries: 2 }, () => 0);
    for (const hash of ["a", "b", "c"]) cache.set(session(hash, "2026-11-21T00:00:00Z"));
    expect(cache.get("a", NOW)).toBeUndefined();
    expect(cache.get("c", NOW)?.tokenHash).toBe("c");
  });
});
