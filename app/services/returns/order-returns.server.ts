import type { OrderDetail } from "@shared/contracts/orders";
import { UpstreamError } from "~/services/upstream/index.server";
import { newReturnPath, type OrderReturnsView } from "./types";
import type { ReturnsUser } from "./user.server";
import { returnRow } from "./views.server";

/**
 * The returns of an order, for its page (/mon-compte/commandes/{id}): null unless the order is
 * « livrée » and the account may ask for a return (`orders`), so that no other order's page
 * waits for the call. A back-office that cannot answer does not take the order's page down.
 */
export async function loadOrderReturns(user: ReturnsUser, order: Pick<OrderDetail, "ord_id" | "status">): Promise<OrderReturnsView | null> {
  if (order.status !== "livrée" || !user.permissions.canOrder) return null;
  const newHref = newReturnPath(order.ord_id);
  try {
    const answer = await user.upstream.returns.list(user.orgId, { order: order.ord_id });
    const showPrices = user.permissions.canViewPrices;
    return { newHref, rows: answer.items.map((summary) => returnRow(summary, showPrices)), total: answer.total, unavailable: false };
  } catch (error) {
    if (error instanceof UpstreamError) return { newHref, rows: [], total: 0, unavailable: true };
    throw error;
  }
}
