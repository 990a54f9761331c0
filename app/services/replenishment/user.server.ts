import { data } from "@remix-run/node";
import type { GuardArgs } from "~/services/guards.server";
import { requireOrdersUser, type OrdersUser } from "~/services/orders/index.server";

/** Whoever opens the scheduled replenishment pages: an account of the organization (its own, or the client chosen by login-as). */
export type ReplenishmentUser = OrdersUser;

export const NO_SCHEDULES_RIGHT =
  "Votre compte ne permet pas de programmer des commandes : il faut le droit de passer commande ou de remplir le panier. Demandez-le à l'administrateur de votre organisation.";

/**
 * Every loader and action of /mon-compte/commandes-programmees starts here: signed in, a
 * client chosen by a representative, and the `orders` right or the `cart` right (without
 * `orders` the runs go for approval: the page says so); without either, the 403 page saying
 * why, as for invoices. Who sees and changes which schedule is the back-office's to say.
 */
export async function requireReplenishmentUser(args: GuardArgs): Promise<ReplenishmentUser> {
  const user = await requireOrdersUser(args);
  if (!user.permissions.canOrder && !user.permissions.canUpdateCart) throw data({ message: NO_SCHEDULES_RIGHT }, { status: 403 });
  return user;
}

/** The page that does not exist: the root error page's 404, saying nothing of what is there. */
export function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** A schedule's id from the address, or a 404 without asking the back-office. */
export function scheduleIdOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) notFound();
  return Number(raw);
}
