import { data } from "@remix-run/node";
import type { OrderDetail } from "@shared/contracts/orders";
import { orderPageAmounts } from "@shared/domain/order-amounts";
import { asRouteError } from "~/services/route-errors.server";
import { placedBy } from "./rows.server";
import type { OrderPageView } from "./types";
import type { OrdersUser } from "./user.server";

function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/**
 * One order of the user's organization, for its page and its lines' CSV. An id that is not a
 * number, or an order of another organization (the back-office answers 404), is a 404 page.
 */
export async function loadOwnOrder(user: OrdersUser, id: string | undefined): Promise<OrderDetail> {
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) notFound();
  const order = await user.upstream.orders.detail(Number(id)).catch(asRouteError);
  if (order.org_id !== user.orgId) notFound();
  return order;
}

/** /mon-compte/commandes/{id}: one order's follow-up (loadOwnOrder's 404s). */
export async function loadOrderPage(user: OrdersUser, id: string | undefined): Promise<OrderPageView> {
  const order = await loadOwnOrder(user, id);
  const showPrices = user.permissions.canViewPrices;
  return {
    order,
    amounts: orderPageAmounts(order),
    showPrices,
    placedBy: placedBy(order.author),
    canReorder: user.permissions.canUpdateCart,
  };
}
