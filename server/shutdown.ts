import type http from "node:http";

const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Stops accepting connections, lets the requests in flight finish (up to 10 s), then closes
 * what is left and the database.
 */
export async function closeGracefully(server: http.Server, closeResources: () => Promise<void>): Promise<void> {
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  timer.unref();
  await drained;
  clearTimeout(timer);
  await closeResources();
}
