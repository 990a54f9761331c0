import { data } from "@remix-run/node";
import { requireOrdersUser, type OrdersUser } from "~/services/orders/index.server";
import type { GuardArgs } from "~/services/guards.server";

export const NO_INVOICES_RIGHT = "Votre compte ne permet pas de consulter les factures.";

/**
 * Every invoice loader and action starts here: logged in, a contributor acting for a client
 * (login-as), and the `invoices` flag, else a 403 page and no file (docs/invoices-portal.md).
 */
export async function requireInvoicesUser(args: GuardArgs): Promise<OrdersUser> {
  const user = await requireOrdersUser(args);
  if (!user.permissions.canViewInvoices) throw data({ message: NO_INVOICES_RIGHT }, { status: 403 });
  return user;
}
