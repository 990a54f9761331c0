import { permissionsOf, type Permissions } from "@shared/domain/permissions";
import { requireClientChosen, requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";

export interface OrdersUser extends ActiveUser {
  /** The organization whose orders are shown (its own, or the client chosen by login-as). */
  orgId: number;
  permissions: Permissions;
}

/**
 * Every account page loader and action starts here: the user must be logged in, and a
 * contributor must first choose the client it acts for (the orders are an organization's, as
 * the back-office decided: docs/backoffice-api.md, /api/oms/orders). Every account of the
 * organization reads its orders; amounts need `prices`, a cancellation request `orders`.
 */
export async function requireOrdersUser(args: GuardArgs): Promise<OrdersUser> {
  const active = await requireUser(args);
  await requireClientChosen(args, active);
  const { user, master } = active.session;
  return { ...active, orgId: user.auth_org_id, permissions: permissionsOf(user, master) };
}
