import type { ProductDetail } from "@shared/contracts/api";
import { normalizeReference } from "@shared/domain/references";
import type { ActiveUser } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * A product by what a buyer typed (the quick order, its preview): its reference, or the
 * organization's own code for it (docs/part-numbers-portal.md « The quick order »). The
 * back-office's lookup by reference answers a product found either way; one whose reference is
 * not the text typed is taken only when the text is that product's own code (compared as the
 * back-office compares codes: without case, spaces or dashes). Anything else is not the product
 * asked for (null), as a 404 is.
 */

export interface TypedProduct {
  product: ProductDetail;
  /** The organization's code the product was typed as, as saved; null when its reference was typed. */
  ownCode: string | null;
}

/** An own code's comparison key (part_numbers.code_key in the back-office). */
export const codeKeyOf = (raw: string): string => normalizeReference(raw).replace(/[\s-]+/g, "");

export async function productByReferenceOrOwnCode(active: ActiveUser, typed: string): Promise<TypedProduct | null> {
  const orgId = active.session.user.auth_org_id;
  const ref = normalizeReference(typed);
  let product: ProductDetail;
  try {
    product = await active.upstream.pim.getProductByRef(orgId, ref);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
  if (normalizeReference(product.obj_ref) === ref) return { product, ownCode: null };
  const code = (await active.upstream.partNumbers.lookup(orgId, [product.obj_id])).get(product.obj_id);
  return code !== undefined && codeKeyOf(code) === codeKeyOf(ref) ? { product, ownCode: code } : null;
}
