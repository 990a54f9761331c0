import { data } from "@remix-run/node";
import { requireOrdersUser, type OrdersUser } from "~/services/orders/index.server";
import type { GuardArgs } from "~/services/guards.server";
import type { PortalSession } from "~/services/session.server";

/** Whoever opens the approvals pages: an account of the organization (its own, or the client chosen by login-as). */
export type ApprovalsUser = OrdersUser;

/** The page that does not exist: the root error page's 404, saying nothing of what is there. */
export function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/**
 * Every loader and action of /mon-compte/validations starts here: signed in, a client chosen
 * by a contributor, and the `cart` right (who may fill the cart may ask, and the approvers
 * have it); anyone else is told nothing exists (404). Who may see or decide which request is
 * the back-office's to say (docs/approvals.md): a person with neither requests nor approvals
 * sees the empty lists.
 */
export async function requireApprovalsUser(args: GuardArgs): Promise<ApprovalsUser> {
  const user = await requireOrdersUser(args);
  if (!user.permissions.canUpdateCart) notFound();
  return user;
}

/** A request's id from the address, or a 404 without asking the back-office. */
export function requestIdOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) notFound();
  return Number(raw);
}

/** Whom a decision and its notice are recorded under: the contributor's when acting for a client (as an order). */
export function deciderOf(session: PortalSession): { usrId: number; usrName: string } {
  const author = session.master ?? session.user;
  return { usrId: author.obj_id, usrName: author.obj_name };
}
