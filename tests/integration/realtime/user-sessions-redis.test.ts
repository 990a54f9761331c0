import { randomUUID } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as passwordRoute from "~/routes/_app.mon-compte.mot-de-passe";
import { callRoute, formRequest, responseOf } from "../portal/harness";
import { LOGINS, connectClient, logIn, redisReachable, settle, startPortal, type TestPortal } from "./harness";

/**
 * A password change made on instance 1 closes the account's other sessions' sockets connected
 * to instance 2 through the Redis adapter, and keeps the changing session's socket there
 * (decision 0120). Same set-up as redis.test.ts: the local Redis, a random channel.
 */

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const required = process.env.REQUIRE_SERVICES === "1";
const reachable = await redisReachable(REDIS_URL);
if (!reachable && required) throw new Error(`REQUIRE_SERVICES=1 but Redis does not answer at ${REDIS_URL}`);
if (!reachable) console.warn(`[realtime] Redis injoignable sur ${REDIS_URL} : tests multi-instances IGNORÉS`);

const closedBy = (socket: Socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

describe.skipIf(!reachable)("sessions ended across instances", () => {
  let first: TestPortal;
  let second: TestPortal;
  const channel = `portail-test-${randomUUID()}`;

  beforeAll(async () => {
    first = await startPortal({ redisUrl: REDIS_URL, realtimeChannel: channel });
    second = await startPortal({ redisUrl: REDIS_URL, realtimeChannel: channel, upstreamUrl: first.url });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("closes the other sessions' sockets on both instances and keeps the changing session's", async () => {
    const here = await logIn(first, LOGINS.buyer);
    const elsewhere = await logIn(second, LOGINS.buyer);
    const [hereOnSecond, elsewhereOnSecond, elsewhereOnFirst] = await Promise.all([
      connectClient(second, { cookie: here.cookie }),
      connectClient(second, { cookie: elsewhere.cookie }),
      connectClient(first, { cookie: elsewhere.cookie }),
    ]);
    const closed = Promise.all([closedBy(elsewhereOnSecond), closedBy(elsewhereOnFirst)]);

    const response = await responseOf(() =>
      callRoute(
        passwordRoute.action as never,
        formRequest(
          "/mon-compte/mot-de-passe",
          { actuel: "demo1234", nouveau: "goéland-marée-trinquette-47", confirmation: "goéland-marée-trinquette-47" },
          here.cookie,
        ),
        first.context(),
      ),
    );
    expect(response.status).toBe(303);
    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    await settle();
    expect(hereOnSecond.connected).toBe(true);
    hereOnSecond.close();
  });
});
