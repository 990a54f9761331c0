import { priceListResponse, type PriceListResponse } from "@shared/contracts/price-list";
import type { UpstreamHttp } from "./http.server";

/** The filters of GET /api/pim/price-list, already checked by the portal (priceListQuery). */
export interface PriceListFilters {
  q?: string;
  brand?: number;
  category?: number;
}

/**
 * The organization's price list (docs/price-list.md, /api/pim/price-list, a user's token and
 * the `prices` flag): a 403 UpstreamError without the flag, a 404 for another organization.
 * `size` goes up to PRICE_LIST_EXPORT_PAGE, what the exports read at a time.
 */
export interface PriceListClient {
  page(orgId: number, filters: PriceListFilters, page: { page: number; size: number }): Promise<PriceListResponse>;
}

export function createPriceListClient(http: UpstreamHttp): PriceListClient {
  return {
    page: (orgId, filters, page) =>
      http.send({ method: "GET", path: "api/pim/price-list", query: { org_id: orgId, ...filters, ...page }, schema: priceListResponse }),
  };
}
