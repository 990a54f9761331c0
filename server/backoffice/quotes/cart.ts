import type { SavedCart } from "@shared/contracts/api";
import { parisDate } from "@shared/domain/index";
import type { CatalogueServiceDeps } from "../http/deps";
import type { Session } from "../http/session";
import { accountContext } from "../oms/account";
import { rebuildStoredCart } from "../oms/cart-rebuild";
import { readCart } from "../oms/cart-store";
import { takeQuoteLocks } from "../oms/quote-locks";
import { readModelRows } from "../oms/read-model-rows";

/**
 * The organization's shared cart as GET /api/oms/cart shows it (oms/routes.ts builds the same
 * rebuild): today's catalogue, prices and stock, the quote price locks applied. The acceptance
 * answers it so the portal can show and push it without a second call.
 */
export async function currentCart(deps: CatalogueServiceDeps, session: Session, now: Date): Promise<SavedCart> {
  const today = parisDate(now);
  const [shippingProducts, index, pricing] = await Promise.all([
    deps.catalogue.shippingProducts(),
    deps.readModel.products(),
    deps.readModel.pricing(session.org.id),
  ]);
  const inputs = {
    account: accountContext(session.org),
    today,
    freeShippingEligible: session.org.free_shipping_eligible,
    shippingProducts,
  };
  return readCart(deps.db, session.org.id, (stored) =>
    rebuildStoredCart(stored, {
      ...inputs,
      catalogueRows: (ids) => readModelRows(index, { ...pricing, today }, deps.readModel.stocks, ids, { includeDiscontinued: true }),
      quoteLocks: (ids) => takeQuoteLocks(deps.db, session.org.id, today, ids),
    }),
  );
}
