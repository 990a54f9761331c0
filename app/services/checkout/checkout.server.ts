import type { HeldCart } from "~/services/upstream/held-cart.server";
import type { Cart } from "@shared/contracts/entities";
import { permissionsOf, withShipping, type ShippingContext } from "@shared/domain/index";
import { loadCart } from "~/services/cart/cart.server";
import { shippingContextFor } from "~/services/cart/shipping.server";
import type { CheckoutProgress } from "./state.server";
import { hasOrderableLine, redirectionFor, type CheckoutStep } from "./steps.server";
import { redirectWithToast } from "~/services/forms/respond.server";
import { requireUser, type ActiveUser, type GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

/**
 * What every checkout page and action starts from: the user (who must be able to change the
 * cart), the organization's cart with its shipping lines recomputed for today (as the
 * back-office will when confirming), and this browser's progress through the steps.
 */

export interface CheckoutState {
  active: ActiveUser;
  saved: HeldCart;
  /** saved.cart with the shipping lines of today: what is shown and what is confirmed. */
  cart: Cart;
  shipping: ShippingContext;
  progress: CheckoutProgress;
}

/**
 * Contributors choose a client first; people without the `cart` right cannot prepare an order.
 * Sent elsewhere with a message: 302 from a page, 303 from an action (`status`).
 */
export async function requireCheckoutUser(args: GuardArgs, status = 302): Promise<ActiveUser> {
  const active = await requireUser(args);
  const { user, master } = active.session;
  if (user.obj_class === "contributor") {
    throw await redirectWithToast(
      args.context,
      "/clients",
      { type: "info", message: "Choisissez d'abord le client pour lequel commander." },
      { status },
    );
  }
  if (!permissionsOf(user, master).canUpdateCart) {
    throw await redirectWithToast(
      args.context,
      "/mon-panier",
      { type: "error", message: "Votre compte ne permet pas de préparer une commande." },
      { status },
    );
  }
  return active;
}

export async function loadCheckoutState(args: GuardArgs, active: ActiveUser): Promise<CheckoutState> {
  const [saved, shipping, progress] = await Promise.all([
    loadCart(args, active),
    shippingContextFor(args.context, active),
    args.context.checkout.readProgress(args.request, active.session),
  ]).catch(asRouteError);
  // A cart without its amounts (no `prices`: decision 0131) keeps the back-office's shipping lines.
  return { active, saved, cart: saved.amountsHidden ? saved.cart : withShipping(saved.cart, shipping), shipping, progress };
}

/**
 * The state of a step's page: an empty cart goes back to the cart, a step whose predecessors
 * are not complete sends the user to the first incomplete one (typing the URL skips nothing).
 */
export async function loadStep(args: GuardArgs, step: Exclude<CheckoutStep, "terminer">, status = 302): Promise<CheckoutState> {
  const active = await requireCheckoutUser(args, status);
  const state = await loadCheckoutState(args, active);
  if (!hasOrderableLine(state.cart)) {
    throw await redirectWithToast(
      args.context,
      "/mon-panier",
      { type: "info", message: "Votre panier est vide : ajoutez des produits avant de commander." },
      { status },
    );
  }
  const elsewhere = redirectionFor(step, state.cart, state.progress);
  if (elsewhere) throw await redirectWithToast(args.context, elsewhere.path, { type: "info", message: elsewhere.reason }, { status });
  return state;
}

/** The name an order and its notices carry: the contributor's when acting for a client. */
export function authorOf(active: ActiveUser): { usrId: number; usrName: string } {
  const author = active.session.master ?? active.session.user;
  return { usrId: author.obj_id, usrName: author.obj_name };
}
