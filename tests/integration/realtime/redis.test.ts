import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import { callRoute, formRequest, responseOf } from "../portal/harness";
import {
  LOGINS,
  collectUpdates,
  connectClient,
  logIn,
  nextUpdate,
  redisReachable,
  settle,
  someProduct,
  startPortal,
  type TestPortal,
} from "./harness";

/**
 * Two portal instances on two ports behind no load balancer, sharing the Redis of this machine
 * and one back-office (instance 2 calls instance 1's): a save on instance 1 reaches a browser
 * connected to instance 2. A random channel keeps parallel runs apart.
 */

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const required = process.env.REQUIRE_SERVICES === "1";
const reachable = await redisReachable(REDIS_URL);
if (!reachable && required) throw new Error(`REQUIRE_SERVICES=1 but Redis does not answer at ${REDIS_URL}`);
if (!reachable) console.warn(`[realtime] Redis injoignable sur ${REDIS_URL} : tests multi-instances IGNORÉS`);

describe.skipIf(!reachable)("two instances relayed by Redis", () => {
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

  it("delivers an add made on instance 1 to a colleague connected to instance 2, and nowhere else", async () => {
    const buyer = await logIn(first, LOGINS.buyer);
    const [colleague, stranger] = await Promise.all([logIn(second, LOGINS.client), logIn(second, LOGINS.otherOrg)]);
    const colleagueSocket = await connectClient(second, { cookie: colleague.cookie });
    const strangerSocket = await connectClient(second, { cookie: stranger.cookie });
    const authorSocket = await connectClient(second, { cookie: buyer.cookie });
    const [strangerGot, authorGot] = [collectUpdates(strangerSocket), collectUpdates(authorSocket)];
    const product = await someProduct(buyer);

    const heard = nextUpdate(colleagueSocket);
    const response = await responseOf(() =>
      callRoute(
        addRoute.action,
        formRequest("/mon-panier/ajouter", { productId: String(product.id), qty: "2", redirectTo: "/" }, buyer.cookie),
        first.context(),
      ),
    );
    expect(response.status).toBe(303);
    expect(await heard).toMatchObject({ kind: "added", author: buyer.session.user.obj_name, products: [{ ref: product.ref, qty: 2 }] });
    await settle();
    expect(strangerGot).toEqual([]);
    // The author's browser, connected elsewhere, refreshes silently and gets no notice.
    expect(authorGot.map((update) => update.own)).toEqual([true]);

    // Logout on instance 1 closes the session's sockets on instance 2 too.
    const closed = new Promise<string>((resolve) => authorSocket.once("disconnect", resolve));
    first.services().realtime.disconnectSession(buyer.session.sid);
    expect(await closed).toBe("io server disconnect");
    colleagueSocket.close();
    strangerSocket.close();
  });
});
