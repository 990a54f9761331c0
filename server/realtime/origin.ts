import type { IncomingMessage } from "node:http";

/**
 * Cross-site WebSocket hijacking guard: CORS does not apply to WebSocket, so a page of another
 * site could open a socket with the user's cookie. Browsers always send Origin on a WebSocket
 * handshake and a page cannot forge it. With configured public origins (PORTAL_URL's,
 * REALTIME_ALLOWED_ORIGINS) only those are accepted: the Host header is the client's to write
 * (decision 0166). Without any, the Host the browser asked for is the origin. No Origin at all is refused too:
 * only non-browser clients omit it, and they have no business here without saying where from.
 */
export function isAllowedOrigin(request: Pick<IncomingMessage, "headers">, publicOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || origin === "" || origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  if (publicOrigins.length > 0) return publicOrigins.includes(parsed.origin);
  const host = request.headers.host;
  return typeof host === "string" && host !== "" && parsed.host === host.toLowerCase();
}
