import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashToken } from "../../../server/backoffice/auth/tokens";
import { DEMO_TODAY, ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse(`${DEMO_TODAY}T10:00:00+01:00`);

/** Expired tokens do not pile up in auth_tokens: logins purge them now and then (auth/token-purge.ts). */
describe.each(ENGINES)("expired tokens purged on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  const stored = async (token: string) =>
    (await bo.db.selectFrom("auth_tokens").select("token_hash").where("token_hash", "=", hashToken(token)).executeTakeFirst()) !==
    undefined;
  const loginAt = async (offsetMs: number) => {
    bo.setNow(new Date(T0 + offsetMs));
    return (await login(bo, LOGINS.client)).token;
  };

  it("deletes tokens expired for over a day, keeps the others, and purges at most once an hour", async () => {
    const early = await loginAt(0); // expires at T0 + 8 h
    const edge = await loginAt(2.2 * HOUR); // expires at T0 + 10.2 h
    const later = await loginAt(20 * HOUR); // expires at T0 + 28 h
    // T0 + 34 h: the purge deletes what expired before T0 + 10 h.
    const current = await loginAt(34 * HOUR);
    await vi.waitFor(async () => expect(await stored(early)).toBe(false));
    expect(await stored(edge)).toBe(true);
    expect(await stored(later)).toBe(true);
    expect(await stored(current)).toBe(true);
    expect((await call(bo, "/auth/me", { token: current })).status).toBe(200);
    expect((await call(bo, "/auth/me", { token: early })).status).toBe(401);

    // Half an hour later a purge would take `edge` (expired before T0 + 10.5 h): none runs.
    await loginAt(34.5 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(edge)).toBe(true);
    // The first login an hour after the last purge purges again: before T0 + 29 h.
    await loginAt(53 * HOUR);
    await vi.waitFor(async () => expect(await stored(later)).toBe(false));
    expect(await stored(edge)).toBe(false);
    expect(await stored(current)).toBe(true);
    expect((await call(bo, "/auth/me", { token: later })).status).toBe(401);
  });
});
