import { data } from "@remix-run/node";
import { orderPageAmounts } from "@shared/domain/order-amounts";
import { asRouteError } from "~/services/route-errors.server";
import { placedBy } from "./rows.server";
import type { OrderPageView } from "./types";
import type { OrdersUser } from "./user.server";

function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/**
 * /mon-compte/commandes/{id}: one order's follow-up. An id that is not a number, or an order of
 * another organization (the back-office answers 404), is a 404 page.
 */
export async function loadOrderPage(user: OrdersUser, id: string | undefined): Promise<OrderPageView> {
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) notFound();
  const order = await user.upstream.orders.detail(Number(id)).catch(asRouteError);
  if (order.org_id !== user.orgId) notFound();
  const showPrices = user.permissions.canViewPrices;
  return {
    order,
    amounts: orderPageAmounts(order),
    showPrices,
    placedBy: placedBy(order.author),
    canReorder: user.permissions.canUpdateCart,
  };
}
