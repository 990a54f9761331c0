import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { PortalLoadContext } from "~/services/context.server";
import type { CatalogueUser } from "./user.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { readForm } from "~/services/forms/read.server";

const favoriteForm = z
  .object({
    intent: z.enum(["add", "remove"]),
    product_id: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
    redirectTo: z.string().max(2000).optional(),
  })
  .strict();

/**
 * Adds or removes a favourite, then goes back to the page the form came from (303), with a
 * toast. A refused or failed call is told in the toast, never as an error page.
 */
export async function toggleFavorite(user: CatalogueUser, context: PortalLoadContext, request: Request): Promise<Response> {
  const parsed = favoriteForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: "Cette demande n'est pas valide." }, { status: 400 });
  const { intent, product_id: productId, redirectTo } = parsed.data;

  let message: { type: "success" | "error"; message: string };
  try {
    if (intent === "add") await user.upstream.pim.addFavorite(user.usrId, productId);
    else await user.upstream.pim.removeFavorite(user.usrId, productId);
    message = { type: "success", message: intent === "add" ? "Produit ajouté à vos favoris." : "Produit retiré de vos favoris." };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    message = { type: "error", message: error.status === 404 ? "Ce produit n'existe pas." : error.message };
  }
  const target = safeRedirectPath(redirectTo) ?? "/mon-compte/favoris";
  return redirect(target, { status: 303, headers: { "Set-Cookie": await context.toasts.set(message) } });
}
