import { isRouteErrorResponse } from "@remix-run/react";
import type { PortalLogger } from "~/services/logger.server";

/** An error as pino's `err` serializer writes it: its type, message and stack, never "[object Object]". */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (isRouteErrorResponse(error)) return new Error(`${error.status} ${error.statusText}`.trim());
  try {
    return new Error(typeof error === "string" ? error : JSON.stringify(error));
  } catch {
    return new Error(String(error));
  }
}

/** What went wrong in a client error's own words (Remix's internal message, a refusal's French text). */
function reasonOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const internal: unknown = (error as { error?: unknown }).error;
  if (internal instanceof Error) return internal.message;
  const payload: unknown = error.data;
  if (typeof payload === "object" && payload !== null && "message" in payload && typeof payload.message === "string")
    return payload.message;
  return typeof payload === "string" && payload.length > 0 ? payload : undefined;
}

/**
 * Logs what Remix hands to `handleError` (decision 0158): a client's mistake (4xx: an unknown
 * file, a method a route does not answer, a refused export) is an info line with the path
 * and status, without a stack, so that a scanner does not fill the error log; anything else
 * is an error line with the error serialized (type, message, stack).
 */
export function logRouteError(logger: PortalLogger, request: Request, error: unknown, phase: "route" | "render" = "route"): void {
  const where = { method: request.method, path: new URL(request.url).pathname };
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ ...where, status: error.status, reason: reasonOf(error) }, `${phase} answered ${error.status}`);
    return;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  logger.error({ ...where, status, err: asError(error) }, `${phase} error`);
}
