import { data } from "@remix-run/node";
import { requireOrdersUser, type OrdersUser } from "~/services/orders/index.server";
import type { GuardArgs } from "~/services/guards.server";

/** Whoever opens the order lists' pages: an account of the organization (its own, or the client chosen by login-as). */
export type ListsUser = OrdersUser;

export const NO_LISTS_RIGHT =
  "Votre compte ne permet pas d'utiliser les listes de commande : elles demandent le droit de modifier le panier. Adressez-vous à l'administrateur de votre organisation.";

/**
 * Every loader and action of /mon-compte/listes starts here: signed in, a client chosen by a
 * representative, and the `cart` right, read with the cart's own permission helper (a list is
 * a cart to come). Without it, a 403 page saying why; the back-office checks it again.
 */
export async function requireListsUser(args: GuardArgs): Promise<ListsUser> {
  const user = await requireOrdersUser(args);
  if (user.session.user.obj_class === "contributor" || !user.permissions.canUpdateCart) {
    throw data({ message: NO_LISTS_RIGHT }, { status: 403 });
  }
  return user;
}

/** The page that does not exist: the root error page's 404, saying nothing of what is there. */
export function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** A positive database id from the address or a form, or null. */
export function idOf(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) return null;
  return Number(raw);
}

/** A list's id from the address, or a 404 without asking the back-office. */
export function listIdOf(raw: string | undefined): number {
  return idOf(raw) ?? notFound();
}
