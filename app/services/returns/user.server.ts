import { data } from "@remix-run/node";
import { RETURN_NUMBER } from "@shared/contracts/returns";
import type { GuardArgs } from "~/services/guards.server";
import { requireOrdersUser, type OrdersUser } from "~/services/orders/index.server";

/** Whoever opens the returns pages: an account of the organization (its own, or the client chosen by login-as). */
export type ReturnsUser = OrdersUser;

export const NO_RETURNS_RIGHT =
  "Votre compte ne permet pas de demander de retour : il faut le droit de passer commande. Demandez-le à l'administrateur de votre organisation.";

/**
 * Every loader and action of /mon-compte/retours starts here: signed in, a client chosen by a
 * representative, and the `orders` right (a return undoes part of an order); without it, the
 * 403 page saying why, as for invoices. The back-office checks the right again on every call.
 */
export async function requireReturnsUser(args: GuardArgs): Promise<ReturnsUser> {
  const user = await requireOrdersUser(args);
  if (!user.permissions.canOrder) throw data({ message: NO_RETURNS_RIGHT }, { status: 403 });
  return user;
}

/** The page that does not exist: the root error page's 404, saying nothing of what is there. */
export function notFound(): never {
  throw data({ message: null }, { status: 404 });
}

/** A return's number from the address (« RET-2026-000012 », any case), or a 404 without asking the back-office. */
export function returnNumberOf(raw: string | undefined): string {
  if (!raw || !RETURN_NUMBER.test(raw)) notFound();
  return raw.toUpperCase();
}

/** A database id from the address or a form (a positive int4), else null. */
export function idOf(raw: string | undefined | null): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2147483647) return null;
  return Number(raw);
}
