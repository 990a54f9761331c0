/**
 * A page drawn for a signed-in person is that person's (prices, orders, names): no shared cache
 * (a company proxy, a CDN) may keep it, nor the browser's disk (decision 0140). The request's
 * session cookie says so before any loader ran; a route's own stricter header (no-store) stays.
 * Pages for visitors keep what their routes say.
 */
export const SIGNED_IN_CACHE_CONTROL = "private, no-store";

function carriesCookie(request: Request, cookieName: string): boolean {
  const header = request.headers.get("cookie") ?? "";
  return header.split(";").some((pair) => pair.trim().startsWith(`${cookieName}=`));
}

export function keepSignedInPagesPrivate(headers: Headers, request: Request, cookieName: string): void {
  if (!carriesCookie(request, cookieName)) return;
  const current = headers.get("Cache-Control") ?? "";
  if (/\bno-store\b/i.test(current) && /\bprivate\b/i.test(current)) return;
  headers.set("Cache-Control", /\bno-store\b/i.test(current) ? `private, ${current}` : SIGNED_IN_CACHE_CONTROL);
}
