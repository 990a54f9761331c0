import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { addToCart } from "~/services/cart/add.server";
import { createPortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { createPortalServer, type PortalServer, type PortalServerOptions } from "../server/app";

/**
 * Live cart fan-out (docs/performance.md): 100 sockets of one organization (20 sessions × 5 tabs) in a
 * worker thread (its own event loop and heap, as browsers would be), 60 real saves (add to
 * cart through changeCart) by another session. Latency = from the publish that follows the
 * save to each socket's receipt; p50/p99 over every delivery. Once on one instance, once with
 * the save on instance 1 and the sockets on instance 2 relayed by Redis. Memory: the server
 * isolate's heap growth per connected socket.
 */

const CLIENTS = 100;
const SESSIONS = 20;
const SAVES = 60;
const SECRET = "bench-realtime-secret-0123456789-abcdefghij";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PEOPLE = ["client@voilerie-atlantique.fr", "magasinier@voilerie-atlantique.fr", "consultant@voilerie-atlantique.fr"];
const AUTHOR = "acheteur@voilerie-atlantique.fr";

const CLIENT_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { io } = require("socket.io-client");
const sockets = [];
let connected = 0;
for (const cookie of workerData.cookies) {
  const socket = io(workerData.url, { path: "/socket.io", transports: ["websocket"], reconnection: false, forceNew: true,
    extraHeaders: { cookie, origin: workerData.url } });
  socket.on("connect", () => { if (++connected === workerData.cookies.length) parentPort.postMessage({ type: "ready" }); });
  socket.on("connect_error", (error) => parentPort.postMessage({ type: "error", message: error.message }));
  socket.on("cart-update", (update) =>
    parentPort.postMessage({ type: "got", version: update.version, at: performance.timeOrigin + performance.now() }));
  sockets.push(socket);
}
parentPort.on("message", () => { for (const socket of sockets) socket.close(); parentPort.close(); });
`;

async function startPortal(dataDir: string, options: Partial<PortalServerOptions>): Promise<PortalServer> {
  return createPortalServer({ port: 0, host: "127.0.0.1", memoryDb: true, dataDir, sessionSecret: SECRET, production: false, ...options });
}

async function logIn(portal: PortalServer, login: string): Promise<{ cookie: string; active: ActiveUser }> {
  const services = portal.services();
  const { token, user, master } = await services.upstreamFor(null).auth.login({ login, password: "demo1234" });
  const cookie = (await services.sessions.start({ token, user, master })).split(";")[0] ?? "";
  const state = await services.sessions.read(new Request(portal.url, { headers: { cookie } }), services.now());
  if (state.status !== "active") throw new Error("bench login failed");
  return { cookie, active: { session: state.session, upstream: services.upstreamFor(token) } };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** Connects the clients to `listen`, saves on `save` SAVES times, returns latencies (ms) and heap per socket. */
async function measure(save: PortalServer, listen: PortalServer): Promise<{ latencies: number[]; heapPerClient: number }> {
  const sessions = await Promise.all(Array.from({ length: SESSIONS }, (_, index) => logIn(listen, PEOPLE[index % PEOPLE.length] ?? "")));
  const author = await logIn(save, AUTHOR);
  const cookies = Array.from({ length: CLIENTS }, (_, index) => sessions[index % SESSIONS]?.cookie ?? "");
  const heapBefore = heapUsed();
  const worker = new Worker(CLIENT_WORKER, { eval: true, workerData: { url: listen.url, cookies } });
  const publishedAt = new Map<number, number>();
  const latencies: number[] = [];
  let onDelivery = () => {};
  await new Promise<void>((resolve, reject) => {
    worker.on("message", (message: { type: string; version?: number; at?: number; message?: string }) => {
      if (message.type === "ready") resolve();
      if (message.type === "error") reject(new Error(message.message));
      if (message.type === "got" && message.version !== undefined && message.at !== undefined) {
        const sentAt = publishedAt.get(message.version);
        if (sentAt !== undefined) latencies.push(message.at - sentAt);
        onDelivery();
      }
    });
  });
  const heapPerClient = (heapUsed() - heapBefore) / CLIENTS;

  // Timestamp the publish that follows each save (the measurement starts there, not at the click).
  const services = save.services();
  const publish = services.realtime.publishCartUpdate.bind(services.realtime);
  services.realtime.publishCartUpdate = (orgId, event, except) => {
    publishedAt.set(event.version, performance.timeOrigin + performance.now());
    publish(orgId, event, except);
  };
  const context = createPortalLoadContext(services, { requestId: "bench-realtime", cspNonce: "bench" });
  const products = await author.active.upstream.pim.listProducts({
    usr_id: author.active.session.user.auth_org_id,
    in_stock: "1",
    sort: "relevance",
    page: 1,
    per_page: 10,
  });
  for (let index = 0; index < SAVES; index++) {
    const product = products.items[index % products.items.length];
    if (!product) throw new Error("no product to add");
    const expected = latencies.length + CLIENTS;
    const delivered = new Promise<void>((resolve) => (onDelivery = () => latencies.length >= expected && resolve()));
    await addToCart(context, author.active, product.obj_id, 1);
    await delivered;
  }
  services.realtime.publishCartUpdate = publish;
  worker.postMessage("close");
  await worker.terminate();
  return { latencies: latencies.sort((a, b) => a - b), heapPerClient };
}

function report(label: string, result: { latencies: number[]; heapPerClient: number }): void {
  const { latencies, heapPerClient } = result;
  console.log(
    `${label}: ${latencies.length} deliveries, p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(2)} ms, max ${percentile(latencies, 100).toFixed(2)} ms; ` +
      `server heap ${(heapPerClient / 1024).toFixed(1)} KB per connected socket`,
  );
}

export async function runRealtimeBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-realtime-"));
  try {
    const single = await startPortal(dataDir, {});
    try {
      report(`One instance, ${CLIENTS} sockets of one organization`, await measure(single, single));
    } finally {
      await single.close();
    }
    const channel = `bench-${randomUUID()}`;
    const first = await startPortal(dataDir, { redisUrl: REDIS_URL, realtimeChannel: channel });
    const second = await startPortal(dataDir, { redisUrl: REDIS_URL, realtimeChannel: channel, upstreamUrl: first.url });
    try {
      report(`Two instances + Redis (save on 1, ${CLIENTS} sockets on 2)`, await measure(first, second));
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runRealtimeBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
