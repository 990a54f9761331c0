import type { ProductDetail } from "@shared/contracts/api";
import { normalizeReference } from "@shared/domain/references";
import type { ActiveUser } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * A product by what a buyer typed (the quick order, its preview): its reference, or the
 * organization's own code for it (docs/part-numbers-portal.md « The quick order »). The
 * back-office's look-up by reference falls back to the acting organization's own code and says
 * so (`found_by_code`, the code as saved). A product whose reference is not the text typed, and
 * not found by its code, is not the product asked for (null), as a 404 is.
 */

export interface TypedProduct {
  product: ProductDetail;
  /** The organization's code the product was typed as, as saved; null when its reference was typed. */
  ownCode: string | null;
}

export async function productByReferenceOrOwnCode(active: ActiveUser, typed: string): Promise<TypedProduct | null> {
  const ref = normalizeReference(typed);
  let product: ProductDetail;
  try {
    product = await active.upstream.pim.getProductByRef(active.session.user.auth_org_id, ref);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
  if (product.found_by_code !== undefined) return { product, ownCode: product.found_by_code };
  return normalizeReference(product.obj_ref) === ref ? { product, ownCode: null } : null;
}
