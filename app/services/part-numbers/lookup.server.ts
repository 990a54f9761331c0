import type { Cart } from "@shared/contracts/entities";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";

/**
 * The organization's own codes of the products a page shows (the cart, the checkout summary),
 * one `lookup` call (decision 0197). A code is a help beside the reference, not what the page is
 * for: when the back-office cannot answer, the page is shown without codes (and it is logged).
 */

const NONE: ReadonlyMap<number, string> = new Map();

/** The cart's product ids, shipping lines aside (they never have a code). */
export function productIdsOf(cart: Pick<Cart, "products">): number[] {
  return cart.products.filter((line) => !line.prd_is_port).map((line) => line.obj_id);
}

export async function ownCodesOf(
  context: PortalLoadContext,
  active: ActiveUser,
  productIds: readonly number[],
): Promise<ReadonlyMap<number, string>> {
  const orgId = active.session.user.auth_org_id;
  try {
    return await active.upstream.partNumbers.lookup(orgId, productIds);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    context.logger.warn({ orgId, status: error.status, code: error.code }, "own part numbers unavailable");
    return NONE;
  }
}

/**
 * The codes of the cart a page is about to show, asked beside the cart's own loading rather than
 * after it: with the products of the cart this process last saw (the one a page shows, almost
 * always). `forCart` then answers from that lookup, or asks again for a cart that holds a product
 * it did not ask about (the process had no cart, or a colleague's change came in between).
 */
export function startCartOwnCodes(
  context: PortalLoadContext,
  active: ActiveUser,
): { forCart(cart: Pick<Cart, "products">): Promise<ReadonlyMap<number, string>> } {
  const known = active.upstream.oms.lastKnownCart(active.session.user.auth_org_id);
  const askedIds = known ? productIdsOf(known.cart) : [];
  const early = askedIds.length > 0 ? ownCodesOf(context, active, askedIds) : null;
  // Marked as handled: when the cart turns out to differ, no one awaits it (only a bug rejects it).
  void early?.catch(() => undefined);
  return {
    async forCart(cart) {
      const ids = productIdsOf(cart);
      const asked = new Set(askedIds);
      if (early && ids.every((id) => asked.has(id))) return early;
      return ownCodesOf(context, active, ids);
    },
  };
}
