import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/guards.server";
import { referencePreview } from "~/services/quick-order/index.server";

/**
 * GET /mon-panier/commande-rapide/apercu?ref=: what the quick order's grid shows beside a
 * reference while it is typed (JavaScript only; without it the form is unchanged). A resource
 * route: JSON for the grid's fetchers, no page. A Response, not data(): Remix v2 sends a resource
 * route's data() as a plain 200 under single fetch, and a refusal must say 403 (the access matrix,
 * tests/integration/security/access-matrix).
 */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  const { preview, status } = await referencePreview(args.context, active, new URL(args.request.url).searchParams.get("ref") ?? "");
  return Response.json(preview, { status, headers: { "Cache-Control": "private, no-store" } });
}
