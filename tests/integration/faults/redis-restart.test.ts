import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as addRoute from "~/routes/_app.mon-panier.ajouter";
import { callRoute, formRequest, responseOf } from "../portal/harness";
import {
  LOGINS,
  connectClient,
  logIn,
  nextUpdate,
  redisReachable,
  someProduct,
  startPortal,
  type LoggedIn,
  type TestPortal,
} from "../realtime/harness";

/**
 * Redis restarted while two portal instances serve live carts: a private `redis-server` on a
 * free 127.0.0.1 port (never the machine's own), killed and started again on the same port.
 * A change on instance 1 reaches a colleague's browser on instance 2 before, and again after,
 * without reloading the page; while Redis is away the change is saved all the same.
 */
const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedisServer) console.warn("[faults] redis-server absent du PATH : scénario « Redis redémarré » IGNORÉ");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await redisReachable(url)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the private redis-server did not start");
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describe.skipIf(!hasRedisServer)("Redis restarted while two instances serve live carts", () => {
  let port: number;
  let redis: ChildProcess;
  let first: TestPortal;
  let second: TestPortal;
  const channel = `portail-faults-${randomUUID()}`;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const redisUrl = `redis://127.0.0.1:${port}`;
    first = await startPortal({ redisUrl, realtimeChannel: channel });
    second = await startPortal({ redisUrl, realtimeChannel: channel, upstreamUrl: first.url });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    if (redis) await stopRedis(redis);
  });

  async function add(buyer: LoggedIn, productId: number, qty: number): Promise<number> {
    const response = await responseOf(() =>
      callRoute(
        addRoute.action,
        formRequest("/mon-panier/ajouter", { productId: String(productId), qty: String(qty), redirectTo: "/" }, buyer.cookie),
        first.context(),
      ),
    );
    return response.status;
  }

  it("live sync resumes once Redis is back, without a reload", async () => {
    const buyer = await logIn(first, LOGINS.buyer);
    const colleague = await logIn(second, LOGINS.client);
    const socket = await connectClient(second, { cookie: colleague.cookie });
    const product = await someProduct(buyer);
    let delivered = 0;

    const before = nextUpdate(socket);
    expect(await add(buyer, product.id, 1)).toBe(303);
    expect(await before).toMatchObject({ kind: "added" });
    delivered += 1;

    await stopRedis(redis);
    // Redis away: the change is still saved (only its live notice is lost on the other instance).
    expect(await add(buyer, product.id, 1)).toBe(303);
    redis = await startRedis(port);

    // The clients reconnect (at most 3 s apart) and subscribe again: a later change gets through.
    const restartedAt = Date.now();
    let resumedAfterMs: number | null = null;
    for (let qty = 1; qty <= 15 && resumedAfterMs === null; qty += 1) {
      const heard = nextUpdate(socket, 1000).then(
        () => true,
        () => false,
      );
      expect(await add(buyer, product.id, 1)).toBe(303);
      if (await heard) resumedAfterMs = Date.now() - restartedAt;
    }
    if (resumedAfterMs !== null) delivered += 1;
    console.info(
      `[faults] Redis restart: live sync ${resumedAfterMs === null ? "did NOT resume" : `resumed ${resumedAfterMs} ms after Redis was back`}`,
    );
    expect(resumedAfterMs).not.toBeNull();
    expect(socket.connected).toBe(true);
    expect(delivered).toBe(2);
    socket.close();
  }, 60_000);
});
