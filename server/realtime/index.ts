import type http from "node:http";
import { Server } from "socket.io";
import { REALTIME_PATH } from "@shared/realtime/protocol";
import type { CartUpdatePublisher } from "@shared/realtime/publisher";
import { authenticateHandshake, type ConnectionGate, type HandshakePortal } from "./handshake";
import { isAllowedOrigin } from "./origin";
import { createSocketPublisher } from "./publisher";
import { connectRedisRelay, type RedisRelay } from "./redis";
import type { RealtimeServer, RealtimeSocket } from "./types";

/**
 * socket.io on the portal's own HTTP server and port (docs/realtime.md, decisions 0060-0062).
 * WebSocket only, so several instances need no sticky sessions; Origin checked; handshake
 * authenticated from the session cookie; rooms chosen by the server; client events dropped.
 */

export interface RealtimeOptions {
  /**
   * Read at each handshake: the services are complete only once the server listens (and, in
   * development, come with each new build).
   */
  portal: () => HandshakePortal;
  redisUrl?: string;
  /** Redis channel prefix (default "portail"). */
  channel?: string;
  /**
   * The portal's public origins (PORTAL_URL's, REALTIME_ALLOWED_ORIGINS): when there are any, a
   * page's Origin must be one of them, whatever Host the request names (decision 0166).
   */
  allowedOrigins?: readonly string[];
  logger: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

export interface RealtimeHub {
  io: RealtimeServer;
  publisher: CartUpdatePublisher;
  close(): Promise<void>;
}

export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Live connections one portal session may hold, every instance together (tabs of one browser; decision 0166). */
export const MAX_CONNECTIONS_PER_SESSION = 10;
/** How long a dropped browser's missed events are kept for it (single instance, see 0062). */
export const RECOVERY_WINDOW_MS = 2 * 60_000;
/** setTimeout's limit: longer sessions are simply closed at this horizon and reconnect. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function attachRealtime(httpServer: http.Server, options: RealtimeOptions): Promise<RealtimeHub> {
  const relay: RedisRelay | null = options.redisUrl
    ? await connectRedisRelay({
        url: options.redisUrl,
        channel: options.channel ?? "portail",
        onError: (error) => options.logger.warn({ err: error.message }, "Relais Redis en erreur"),
      })
    : null;
  const allowedOrigins = options.allowedOrigins ?? [];
  const io: RealtimeServer = new Server(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    transports: ["websocket"],
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    allowRequest: (request, callback) => callback(null, isAllowedOrigin(request, allowedOrigins)),
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    ...(relay ? { adapter: relay.adapter } : {}),
  });
  io.use(authenticateHandshake(options.portal, sessionConnectionGate(io)));
  io.on("connection", (socket) => placeInRooms(socket));

  return {
    io,
    publisher: createSocketPublisher(io, (message, details) => options.logger.error(details, message)),
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.resolve(io.of("/").adapter.close());
      await relay?.close();
    },
  };
}

function placeInRooms(socket: RealtimeSocket): void {
  const { orgRoom, sessionRoom, userRooms, expiresAt } = socket.data;
  const allowed = [orgRoom, sessionRoom, ...userRooms];
  // A recovered socket gets its former rooms back; keep only those this handshake allows
  // (a contributor may have switched client since).
  for (const room of socket.rooms) {
    if (room !== socket.id && !allowed.includes(room)) void socket.leave(room);
  }
  void socket.join(allowed);
  // Browsers have nothing to say on this channel: a packet they send is dropped unanswered.
  socket.use(() => undefined);
  const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
  timer.unref();
  socket.once("disconnect", () => clearTimeout(timer));
}

/**
 * The cap on one session's connections (decision 0166), checked before the back-office is asked.
 * The sockets already in the session's room are counted through the adapter, so with Redis
 * those of every instance; the handshakes under way on this process are counted too, so that
 * a burst of parallel handshakes cannot slip past the count.
 */
function sessionConnectionGate(io: RealtimeServer): ConnectionGate {
  const pending = new Map<string, number>();
  const release = (room: string) => {
    const left = (pending.get(room) ?? 1) - 1;
    if (left > 0) pending.set(room, left);
    else pending.delete(room);
  };
  return {
    async admit(room) {
      pending.set(room, (pending.get(room) ?? 0) + 1);
      const connected = await io
        .in(room)
        .fetchSockets()
        .then(
          (sockets) => sockets.length,
          () => 0, // another instance that does not answer in time does not lock people out
        );
      if (connected + (pending.get(room) ?? 0) <= MAX_CONNECTIONS_PER_SESSION) return true;
      release(room);
      return false;
    },
    release,
  };
}
