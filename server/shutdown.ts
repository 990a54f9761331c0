import type http from "node:http";
import net from "node:net";

const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Stops accepting connections, lets the requests in flight finish (up to 10 s), then closes
 * what is left and the database. Nothing a client sent is cut (docs/faults.md, measured under
 * load):
 * - every answer given meanwhile says `Connection: close`, so a client kept alive does not
 *   go on sending requests on its open connection until the 10 s cut resets one;
 * - idle kept-alive connections are NOT closed at once, as http.Server#close does since
 *   Node 19: a client that had just picked one for its next request would get a reset for a
 *   request never read. They end on their keep-alive timeout, which clients know from the
 *   `Keep-Alive: timeout` header and stop reusing a connection before; one reused meanwhile
 *   is answered, with `Connection: close`. A server whose only client is the portal itself,
 *   already drained (the back-office's private listener), closes them at once: `idle: "close"`.
 */
export async function closeGracefully(
  server: http.Server,
  closeResources: () => Promise<void>,
  options: { idle: "expire" | "close" } = { idle: "expire" },
): Promise<void> {
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  });
  // net.Server's close: stop listening, called back once every connection has ended.
  const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  if (options.idle === "close") server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  timer.unref();
  await drained;
  clearTimeout(timer);
  // http.Server's own close now, on a server with no connection left: it stops its timers.
  server.close(() => undefined);
  await closeResources();
}
