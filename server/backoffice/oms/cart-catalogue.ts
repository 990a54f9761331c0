import type { CatalogueServiceDeps } from "../http/deps";
import type { OrganizationRow } from "../db/schema";
import { accountContext } from "./account";
import { rebuildStoredCart, type CartRebuild } from "./cart-rebuild";
import { takeQuoteLocks } from "./quote-locks";
import { readModelRows } from "./read-model-rows";

/**
 * What a cart of this organization is rebuilt from, today: the cached shipping products and
 * the in-memory catalogue with its prices and stock. Read once per request, BEFORE a save's
 * one write; `rebuild` shows a stored cart (a read, the 409 of a stale change, an approval
 * request's lines at today's prices).
 */
export async function cartCatalogue(deps: CatalogueServiceDeps, org: OrganizationRow, today: string) {
  const { db, catalogue, readModel } = deps;
  const [shippingProducts, index, pricing] = await Promise.all([
    catalogue.shippingProducts(),
    readModel.products(),
    readModel.pricing(org.id),
  ]);
  const rows = (ids: number[], options?: { includeDiscontinued: boolean }) =>
    readModelRows(index, { ...pricing, today }, readModel.stocks, ids, options);
  const inputs = {
    account: accountContext(org),
    today,
    freeShippingEligible: org.free_shipping_eligible,
    shippingProducts,
  };
  const rebuild: CartRebuild = (stored) =>
    rebuildStoredCart(stored, {
      ...inputs,
      catalogueRows: (ids) => rows(ids, { includeDiscontinued: true }),
      quoteLocks: (ids) => takeQuoteLocks(db, org.id, today, ids),
    });
  return { inputs, rows, rebuild };
}
