import { RateLimiterMemory } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import {
  LOGIN_LADDERS,
  blockingFailure,
  createLadderCounter,
  ladderLimiterOptions,
  loginAccountKey,
  throttledMessage,
  waitAfterFailures,
  waitWords,
  type FailureLadder,
} from "@shared/domain/login-throttle";

/** The login throttle's policy (decision 0136) and its counter on rate-limiter-flexible's memory store. */

describe("the ladders", () => {
  it("per account: 5 free failures, then 5 s, 15 s, 30 s, 1 min, and 15 minutes from the 10th", () => {
    const waits = Array.from({ length: 12 }, (_, index) => waitAfterFailures(LOGIN_LADDERS.account, index + 1));
    expect(waits).toEqual([0, 0, 0, 0, 0, 5, 15, 30, 60, 900, 900, 900]);
    expect(blockingFailure(LOGIN_LADDERS.account)).toBe(10);
  });

  it("per address: a larger budget, 20 free failures, blocked 15 minutes from the 25th", () => {
    expect(waitAfterFailures(LOGIN_LADDERS.address, 20)).toBe(0);
    expect(waitAfterFailures(LOGIN_LADDERS.address, 21)).toBe(5);
    expect(waitAfterFailures(LOGIN_LADDERS.address, 25)).toBe(900);
    expect(blockingFailure(LOGIN_LADDERS.address)).toBe(25);
  });

  it("names an account as the back-office finds it (trimmed, case ignored)", () => {
    expect(loginAccountKey("  Client@Voilerie-Atlantique.FR ")).toBe("client@voilerie-atlantique.fr");
  });
});

function counterOn(ladder: FailureLadder) {
  const options = ladderLimiterOptions(ladder, "test");
  return createLadderCounter(ladder, new RateLimiterMemory(options.failures), new RateLimiterMemory(options.pauses));
}

const short: FailureLadder = { freeFailures: 2, delaysSeconds: [1], blockSeconds: 900, windowSeconds: 3600 };

describe("a ladder's counter", () => {
  it("lets the free failures through, makes the next attempt wait, then blocks", async () => {
    const counter = counterOn(short);
    for (let index = 0; index < 2; index++) {
      expect(await counter.attempt("k")).toEqual({ allowed: true });
      await counter.failed("k");
    }
    expect(await counter.attempt("k")).toEqual({ allowed: true });
    await counter.failed("k"); // the 3rd: the next attempt waits 1 s
    expect(await counter.attempt("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await counter.attempt("k")).toEqual({ allowed: true });
    await counter.failed("k"); // the 4th: blocked
    expect(await counter.attempt("k")).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect(await counter.attempt("other")).toEqual({ allowed: true });
  });

  it("forgets an account's failures on a success, but only uncounts the attempt for an address", async () => {
    const account = counterOn(short);
    const address = counterOn(short);
    for (const counter of [account, address]) {
      for (let index = 0; index < 2; index++) {
        await counter.attempt("k");
        await counter.failed("k");
      }
    }
    await account.attempt("k");
    await account.succeeded("k", true);
    await address.attempt("k");
    await address.succeeded("k", false);
    // The account starts again with its free failures; the address is one failure from waiting.
    for (const counter of [account, address]) {
      await counter.attempt("k");
      await counter.failed("k");
    }
    expect((await account.attempt("k")).allowed).toBe(true);
    expect(await address.attempt("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("lets no burst of parallel attempts past the blocking failure", async () => {
    const counter = counterOn(LOGIN_LADDERS.account);
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => counter.attempt("k")));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
    expect(verdicts.filter((verdict) => !verdict.allowed)).toEqual(
      Array.from({ length: 20 }, () => ({ allowed: false, retryAfterSeconds: 900 })),
    );
  });

  it("allows one more attempt once a block is over, and blocks again if it fails", async () => {
    const counter = counterOn({ freeFailures: 1, delaysSeconds: [], blockSeconds: 1, windowSeconds: 3600 });
    for (let index = 0; index < 2; index++) {
      expect(await counter.attempt("k")).toEqual({ allowed: true });
      await counter.failed("k"); // the 2nd: blocked 1 s
    }
    expect(await counter.attempt("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await counter.attempt("k")).toEqual({ allowed: true });
    await counter.failed("k");
    expect(await counter.attempt("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("counts a failure whose attempt is no longer counted as the first one", async () => {
    const counter = counterOn(short);
    await counter.failed("k");
    expect(await counter.attempt("k")).toEqual({ allowed: true });
  });

  it("gives the failures and the waits their own keys in a shared store", () => {
    const options = ladderLimiterOptions(short, "portail");
    expect([options.failures.keyPrefix, options.pauses.keyPrefix]).toEqual(["portail:echecs", "portail:attente"]);
  });
});

describe("the refusal's words", () => {
  it("says how long to wait in seconds, minutes (rounded up) or hours, singular and plural", () => {
    expect([1, 45, 60, 61, 7 * 60, 119 * 60, 120 * 60, 5 * 3600].map(waitWords)).toEqual([
      "dans 1 seconde",
      "dans 45 secondes",
      "dans 1 minute",
      "dans 2 minutes",
      "dans 7 minutes",
      "dans 119 minutes",
      "dans 2 heures",
      "dans 5 heures",
    ]);
  });

  it("names what was throttled, login attempts by default", () => {
    expect(throttledMessage(15)).toBe("Trop de tentatives en peu de temps. Pour la sécurité de tous, réessayez dans 15 secondes.");
    expect(throttledMessage(900, "tentatives de connexion")).toBe(
      "Trop de tentatives de connexion en peu de temps. Pour la sécurité de tous, réessayez dans 15 minutes.",
    );
  });
});
