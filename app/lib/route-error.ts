import { isRouteErrorResponse } from "@remix-run/react";

/**
 * The French message a loader chose to show with its error response, if any. Errors that
 * are not responses (bugs) never show their text: it could reveal internals.
 * (Checked by hand rather than with zod to keep zod out of the browser bundle.)
 */
export function routeErrorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status === 404) return null;
  const payload: unknown = error.data;
  if (typeof payload !== "object" || payload === null || !("message" in payload)) return null;
  const message = payload.message;
  return typeof message === "string" && message.length > 0 ? message : null;
}
