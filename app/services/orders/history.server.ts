import { asRouteError } from "~/services/route-errors.server";
import { readPage } from "@shared/domain/list-filters";
import { MAX_SEARCH_LENGTH } from "./filters.server";
import type { FilterNotice, HistoryPageView } from "./types";
import type { OrdersUser } from "./user.server";

export const HISTORY_PAGE_SIZE = 20;

/** /mon-compte/historique: one row per product bought over twelve months, searchable (`?q=`). */
export async function loadHistoryPage(user: OrdersUser, url: URL): Promise<HistoryPageView> {
  const notices: FilterNotice[] = [];
  const page = readPage(url.searchParams.get("page"), notices);
  const typed = (url.searchParams.get("q") ?? "").trim();
  let q: string | undefined = typed === "" ? undefined : typed;
  let notice = notices[0]?.message ?? null;
  if (q && (q.length > MAX_SEARCH_LENGTH || !/^\P{Cc}*$/u.test(q))) {
    notice = `La recherche compte au plus ${MAX_SEARCH_LENGTH} caractères, sans caractère de contrôle : elle est ignorée.`;
    q = undefined;
  }
  const answer = await user.upstream.orders.history(user.orgId, q, { page, size: HISTORY_PAGE_SIZE }).catch(asRouteError);
  return {
    rows: answer.items.map((row) => ({
      productId: row.obj_id,
      productRef: row.obj_ref,
      productTitle: row.obj_title,
      totalQty: row.total_qty,
      orderCount: row.order_count,
      lastOrderedAt: row.last_ordered_at,
      lastUnitPrice: row.last_unit_price,
    })),
    total: answer.total,
    page,
    pageCount: Math.max(1, Math.ceil(answer.total / HISTORY_PAGE_SIZE)),
    q: typed.slice(0, 200),
    query: q ? new URLSearchParams({ q }).toString() : "",
    notice,
    since: answer.since,
    showPrices: user.permissions.canViewPrices,
    canAddToCart: user.permissions.canUpdateCart,
  };
}
