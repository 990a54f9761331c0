import { data } from "@remix-run/node";
import { requireOrdersUser, type OrdersUser } from "~/services/orders/index.server";
import type { GuardArgs } from "~/services/guards.server";

/**
 * Every quote loader and action starts here: logged in, a contributor acting for a client
 * (login-as), and for a people account the `quotes` flag. Without it the pages do not exist
 * for that account (a 404, as the back-office answers, and no menu link), rather than a 403
 * that would tell it there is something to see.
 */
export async function requireQuotesUser(args: GuardArgs): Promise<OrdersUser> {
  const user = await requireOrdersUser(args);
  if (!user.permissions.canViewQuotes) throw data({ message: null }, { status: 404 });
  return user;
}
