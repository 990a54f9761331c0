/**
 * GET /sante: "ok" when the server answers. A resource route (no page, no session, no
 * back-office call): load balancers use it, and the benchmark uses it as the bare Remix route.
 */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
