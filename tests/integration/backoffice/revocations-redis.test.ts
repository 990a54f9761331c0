import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { createBackofficeApi } from "../../../server/backoffice/app";
import { DEMO_PASSWORD, startHarness, type Harness } from "../../support/harness";
import { redisReachable } from "../realtime/harness";

/**
 * Decision 0143: two back-office processes on one PostgreSQL database, each caching resolved
 * tokens for 10 s; a logout on one ends the token on the other at once when Redis relays the
 * revocations. (Two Express servers, each with its own createBackofficeApi and so its own
 * cache, stand for the two processes.)
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const required = process.env.REQUIRE_SERVICES === "1";
const reachable = await redisReachable(REDIS_URL);
if (!reachable && required) throw new Error(`REQUIRE_SERVICES=1 but Redis does not answer at ${REDIS_URL}`);
if (!DATABASE_URL || !reachable) console.warn("[revocations] TEST_DATABASE_URL ou Redis absent : test entre deux back-offices IGNORÉ");

const LOGIN = { login: "client@voilerie-atlantique.fr", password: DEMO_PASSWORD };

async function json<T>(url: string, init: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

describe.skipIf(!DATABASE_URL || !reachable)("a revocation reaches every back-office process through Redis", () => {
  const channel = `portail-test-${randomUUID()}`;
  const jobs = new AbortController();
  let first: Harness;
  let second: http.Server;
  let firstApi: string;
  let secondApi: string;

  beforeAll(async () => {
    const revocations = { redisUrl: REDIS_URL, channel };
    first = await startHarness({ engine: "postgres", portal: false, api: { revocations, signal: jobs.signal } });
    const app = express();
    app.use(
      "/api",
      createBackofficeApi({ db: first.db, now: first.clock.now, logger: { error: () => undefined }, revocations, signal: jobs.signal }),
    );
    second = await new Promise((resolve) => {
      const server = app.listen(0, "127.0.0.1", () => resolve(server));
    });
    firstApi = `${first.url}/api`;
    secondApi = `http://127.0.0.1:${(second.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    jobs.abort();
    second?.closeAllConnections();
    await new Promise((resolve) => second?.close(resolve));
    await first?.close();
  });

  /** Logs in on the first process and has the second one cache the token. */
  async function tokenCachedOnSecond(): Promise<SessionResponse> {
    const session = (await json<SessionResponse>(`${firstApi}/auth/login`, { body: LOGIN })).body;
    expect((await json(`${secondApi}/auth/me`, { token: session.token })).status).toBe(200);
    return session;
  }

  it("refuses on the second process, at once, a token logged out on the first", async () => {
    // The relays subscribe in the background at start: wait until a revocation gets through once.
    const deadline = Date.now() + 5000;
    for (;;) {
      const warmUp = await tokenCachedOnSecond();
      await json(`${firstApi}/auth/logout`, { token: warmUp.token, body: { usr_id: warmUp.user.obj_id } });
      if ((await json(`${secondApi}/auth/me`, { token: warmUp.token })).status === 401) break;
      if (Date.now() > deadline) throw new Error("the second process never heard of a revocation");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (let round = 0; round < 5; round += 1) {
      const session = await tokenCachedOnSecond();
      const logout = await json(`${firstApi}/auth/logout`, { token: session.token, body: { usr_id: session.user.obj_id } });
      expect(logout.status).toBe(204);
      // The logout answers once Redis took the message; the other process reads it from its own
      // connection a moment later: within 1 s, where its cache alone would trust the token 10 s.
      await expect
        .poll(async () => (await json(`${secondApi}/auth/me`, { token: session.token })).status, { timeout: 1000, interval: 20 })
        .toBe(401);
      expect((await json(`${firstApi}/auth/me`, { token: session.token })).status).toBe(401);
    }
  });

  it("the other way round too: a revocation on the second process reaches the first", async () => {
    const session = (await json<SessionResponse>(`${secondApi}/auth/login`, { body: LOGIN })).body;
    expect((await json(`${firstApi}/auth/me`, { token: session.token })).status).toBe(200);
    expect((await json(`${secondApi}/auth/logout`, { token: session.token, body: { usr_id: session.user.obj_id } })).status).toBe(204);
    await expect
      .poll(async () => (await json(`${firstApi}/auth/me`, { token: session.token })).status, { timeout: 1000, interval: 20 })
      .toBe(401);
  });
});
