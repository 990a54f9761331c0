import { permissionsOf } from "@shared/domain/permissions";
import { checkQuickOrderReference } from "@shared/domain/quick-order";
import { normalizeReference } from "@shared/domain/references";
import { priceViewOf } from "~/services/catalogue/pricing.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { productByReferenceOrOwnCode } from "~/services/part-numbers/index.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { PreviewStock, ReferencePreview } from "./types";

export const UNKNOWN_REFERENCE = "Référence inconnue";
const NO_CART_RIGHT = "Votre compte ne permet pas de modifier le panier.";
const CHOOSE_CLIENT = "Choisissez d'abord un client pour agir sur son panier.";
const PREVIEW_DOWN = "Aperçu indisponible pour le moment : la ligne sera vérifiée à l'ajout.";

/**
 * The preview is for whoever may fill the cart (the quick order's own rule): a contributor
 * without a client or an account without the `cart` right gets a 403, not the catalogue.
 */
function refusalOf(active: ActiveUser): string | null {
  const { user, master } = active.session;
  if (user.obj_class === "contributor") return CHOOSE_CLIENT;
  return permissionsOf(user, master).canUpdateCart ? null : NO_CART_RIGHT;
}

/** A stock that cannot be read leaves the preview without it (spec section 8: stock never blocks). */
async function stockOf(active: ActiveUser, productId: number): Promise<PreviewStock | null> {
  const stock = await active.upstream.wms.getStock(productId).catch(() => null);
  return stock && { available: Math.max(0, stock.sto_disp), refillDate: stock.sto_refill_date, refillQty: stock.sto_refill_qte };
}

async function previewOf(active: ActiveUser, ref: string): Promise<ReferencePreview> {
  // A reference or the organization's own code, as the quick order itself decides.
  const found = await productByReferenceOrOwnCode(active, ref);
  if (!found) return { found: false, ref, message: UNKNOWN_REFERENCE };
  const { product, ownCode } = found;
  // The same refusals as the quick order's, said before the form is sent.
  if (product.prd_is_port) return { found: false, ref, message: `${ref} est un frais de port : il est calculé automatiquement.` };
  if (product.prd_discontinued) return { found: false, ref, message: `${ref} n'est plus commercialisé.` };
  const { user, master } = active.session;
  const price = permissionsOf(user, master).canViewPrices ? priceViewOf(product, user.obj_properties.N_CatCompta) : null;
  return {
    found: true,
    ref,
    ...(ownCode === null ? {} : { productRef: product.obj_ref }),
    title: product.obj_title,
    unitPrice: price?.unitPrice ?? null,
    stock: await stockOf(active, product.obj_id),
  };
}

/**
 * GET /mon-panier/commande-rapide/apercu?ref=: the product a grid line names, its price for
 * this buyer and its stock. Every answer the grid can show is a 200: a failure says that the
 * preview is unavailable (and is logged) instead of putting the page's error screen in place
 * of a form being filled; the line is checked again when the form is sent.
 */
export async function referencePreview(
  context: PortalLoadContext,
  active: ActiveUser,
  rawRef: string,
): Promise<{ preview: ReferencePreview; status: number }> {
  const typed = rawRef.slice(0, 60);
  const refusal = refusalOf(active);
  if (refusal) return { preview: { found: false, ref: normalizeReference(typed), message: refusal }, status: 403 };
  const checked = checkQuickOrderReference(typed);
  if (!checked.ok) return { preview: { found: false, ref: normalizeReference(typed), message: checked.message }, status: 200 };
  try {
    return { preview: await previewOf(active, checked.ref), status: 200 };
  } catch (error) {
    if (!(error instanceof UpstreamError && error.isUnavailable))
      context.logger.error({ error: String(error), ref: checked.ref }, "quick order preview failed");
    return { preview: { found: false, ref: checked.ref, message: PREVIEW_DOWN }, status: 200 };
  }
}
