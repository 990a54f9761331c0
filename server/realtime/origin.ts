import type { IncomingMessage } from "node:http";

/**
 * Cross-site WebSocket hijacking guard: CORS does not apply to WebSocket, so a page of another
 * site could open a socket with the user's cookie. Browsers always send Origin on a WebSocket
 * handshake and a page cannot forge it; the server accepts only its own origin (the Host the
 * browser asked for) and the configured public origins. No Origin at all is refused too:
 * only non-browser clients omit it, and they have no business here without saying where from.
 */
export function isAllowedOrigin(request: Pick<IncomingMessage, "headers">, extraOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || origin === "" || origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  if (extraOrigins.includes(parsed.origin)) return true;
  const host = request.headers.host;
  return typeof host === "string" && host !== "" && parsed.host === host.toLowerCase();
}
