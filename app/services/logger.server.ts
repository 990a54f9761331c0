import pino, { type Logger } from "pino";

/**
 * The portal's logger: pino, given by the server (server/logger.ts: JSON, level LOG_LEVEL,
 * secrets redacted). Each request's load context has a child carrying its `requestId`, the
 * reference shown on the error page, so app code logs through `context.logger`.
 */
export type PortalLogger = Logger;

/** Writes nothing: the logger of services built without one (tests, benchmarks). */
export function silentLogger(): PortalLogger {
  return pino({ level: "silent" });
}
