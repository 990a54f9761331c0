import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requireUser } from "~/services/guards.server";
import { referencePreview } from "~/services/quick-order/index.server";

/**
 * GET /mon-panier/commande-rapide/apercu?ref=: what the quick order's grid shows beside a
 * reference while it is typed (JavaScript only; without it the form is unchanged). A resource
 * route: JSON for the grid's fetchers, no page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const active = await requireUser(args);
  const { preview, status } = await referencePreview(args.context, active, new URL(args.request.url).searchParams.get("ref") ?? "");
  return data(preview, { status, headers: { "Cache-Control": "private, no-store" } });
}
