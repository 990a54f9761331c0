import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { io as ioClient, type Socket } from "socket.io-client";
import { createPortalLoadContext, type PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import type { PortalSession } from "~/services/session.server";
import { CART_UPDATE_EVENT, REALTIME_PATH, type CartUpdatePayload } from "@shared/realtime/events";
import { createPortalServer, type PortalServer, type PortalServerOptions } from "../../../server/app";
import { DEMO_PASSWORD, SECRET } from "../portal/harness";

/**
 * A real portal (createPortalServer: Express, back-office on in-memory PGlite, socket.io) on
 * 127.0.0.1:<random>, people logged in through its own services, and socket.io clients that
 * connect to it as a browser would (cookie and Origin headers).
 */

export const LOGINS = {
  client: "client@voilerie-atlantique.fr",
  buyer: "acheteur@voilerie-atlantique.fr",
  otherOrg: "contact@nautisme-ajaccio.fr",
  contributor: "commercial@nautidistrib.fr",
} as const;

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** createPortalServer serves the Remix build; on a clean clone it is not built yet. */
function ensureRemixBuild(): void {
  if (existsSync(path.join(ROOT, "build", "index.js"))) return;
  execFileSync("npx", ["remix", "build"], { cwd: ROOT, stdio: "ignore" });
}

export interface TestPortal extends PortalServer {
  origin: string;
  context(): PortalLoadContext;
}

export async function startPortal(options: Partial<PortalServerOptions> = {}): Promise<TestPortal> {
  ensureRemixBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), "portail-realtime-"));
  const server = await createPortalServer({
    port: 0,
    host: "127.0.0.1",
    memoryDb: true,
    dataDir,
    sessionSecret: SECRET,
    production: false,
    ...options,
  });
  let requests = 0;
  return {
    ...server,
    origin: server.url,
    context: () => createPortalLoadContext(server.services(), { requestId: `realtime-${++requests}`, cspNonce: "nonce" }),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoggedIn {
  cookie: string;
  session: PortalSession;
  active: ActiveUser;
}

/** Logs in against the portal's back-office and seals the session cookie as /connexion does. */
export async function logIn(portal: TestPortal, login: string): Promise<LoggedIn> {
  const services = portal.services();
  const { token, user, master } = await services.upstreamFor(null).auth.login({ login, password: DEMO_PASSWORD });
  const setCookie = await services.sessions.start({ token, user, master });
  const cookie = setCookie.split(";")[0] ?? "";
  const state = await services.sessions.read(new Request(portal.url, { headers: { cookie } }), services.now());
  if (state.status !== "active") throw new Error("login did not give a session");
  return { cookie, session: state.session, active: { session: state.session, upstream: services.upstreamFor(token) } };
}

export interface ClientOptions {
  cookie?: string;
  /** The page's origin; null sends none. Default: the portal's own. */
  origin?: string | null;
}

/** A connected socket.io client, or the error of a refused connection. */
export function connectClient(portal: TestPortal, options: ClientOptions = {}): Promise<Socket> {
  const origin = options.origin === undefined ? portal.origin : options.origin;
  const headers: Record<string, string> = {};
  if (origin !== null) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  const socket = ioClient(portal.url, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Everything a socket receives on 'cart-update', in order. */
export function collectUpdates(socket: Socket): CartUpdatePayload[] {
  const received: CartUpdatePayload[] = [];
  socket.on(CART_UPDATE_EVENT, (payload: CartUpdatePayload) => received.push(payload));
  return received;
}

/** Resolves with the next 'cart-update' of this socket, or fails after `ms`. */
export function nextUpdate(socket: Socket, ms = 3000): Promise<CartUpdatePayload> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no cart-update within ${ms} ms`)), ms);
    socket.once(CART_UPDATE_EVENT, (payload: CartUpdatePayload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Lets in-flight packets arrive before asserting that nothing did. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** An orderable product of the demo catalogue, as the user sees it. */
export async function someProduct(user: LoggedIn, index = 0): Promise<{ id: number; ref: string }> {
  const page = await user.active.upstream.pim.listProducts({
    usr_id: user.session.user.auth_org_id,
    in_stock: "1",
    sort: "relevance",
    page: 1,
    per_page: 20,
  });
  const product = page.items[index];
  if (!product) throw new Error("no product in the demo catalogue");
  return { id: product.obj_id, ref: product.obj_ref };
}

/** Whether Redis answers on this machine (the multi-instance tests need it). */
export function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
