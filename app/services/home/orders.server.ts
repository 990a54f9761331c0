import type { ArrivedBackordersView, LatestOrdersView } from "./types";
import type { HomeUser } from "./user.server";

const LATEST_ORDERS = 3;
const ARRIVED_SHOWN = 5;
/** Back-orders read to find those arrived: the list has no state filter, and 100 is its page's maximum. */
const BACKORDERS_READ = 100;

/** The organization's latest orders, each with « Commander à nouveau » when the user may fill the cart. */
export async function loadLatestOrders(user: HomeUser): Promise<LatestOrdersView> {
  const page = await user.upstream.orders.list(user.orgId, {}, { page: 1, size: LATEST_ORDERS });
  return {
    items: page.items.map((order) => ({
      id: order.ord_id,
      number: order.ord_ref,
      createdAt: order.created_at,
      customerRef: order.cart_ref,
      status: order.status,
      lineCount: order.line_count,
    })),
    total: page.total,
    canReorder: user.permissions.canUpdateCart,
  };
}

/**
 * Back-orders whose stock has arrived (« disponible »): they leave with the next shipment.
 * Read among the newest open back-order lines; no amount is shown.
 */
export async function loadArrivedBackorders(user: HomeUser): Promise<ArrivedBackordersView> {
  const page = await user.upstream.orders.backorders(user.orgId, { page: 1, size: BACKORDERS_READ });
  const arrived = page.items.filter((line) => line.backorder.state === "disponible");
  return {
    items: arrived.slice(0, ARRIVED_SHOWN).map((line) => ({
      orderId: line.ord_id,
      orderNumber: line.ord_ref,
      productRef: line.obj_ref,
      productTitle: line.obj_title,
      backorder: line.backorder.qty,
      availableAt: line.backorder.available_at,
    })),
    total: arrived.length,
  };
}
