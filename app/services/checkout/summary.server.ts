import type { Cart } from "@shared/contracts/entities";
import { accountContextOf, isFriday, permissionsOf, validateOrder, type OrderProblem } from "@shared/domain/index";
import { cartView } from "~/services/cart/view.server";
import type { CheckoutState } from "./checkout.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { SummaryProblem, SummaryView } from "./types";

/**
 * The summary: every line, the shipping lines, the certificates, the addresses, the options,
 * the totals and the reasons the order cannot be confirmed yet, each with a link to fix it.
 * The confirm form carries the cart version and its idempotency key, nothing else that counts.
 */

export const NO_DELIVERY_ADDRESS: OrderProblem = { code: "no_delivery_address", message: "Aucune adresse de livraison n'est choisie." };

function fixFor(problem: OrderProblem): SummaryProblem["fix"] {
  switch (problem.code) {
    case "empty_cart":
      return { href: "/mon-panier", label: "Compléter le panier" };
    case "mmsi_certificates":
    case "mmsi_duplicate":
      return { href: problem.lineId ? `/mon-panier#certificates-${problem.lineId}` : "/mon-panier", label: "Joindre les certificats" };
    case "no_delivery_address":
      return { href: "/commander/livraison", label: "Choisir l'adresse" };
    default:
      return null;
  }
}

/** Every reason this user cannot confirm this cart (the domain's rules, plus the address). */
export function orderProblems(cart: Cart, state: Pick<CheckoutState, "active">): OrderProblem[] {
  const { user, master } = state.active.session;
  const problems = validateOrder(cart, { account: accountContextOf(user), canOrder: permissionsOf(user, master).canOrder });
  return cart.dlv_address === null ? [...problems, NO_DELIVERY_ADDRESS] : problems;
}

export function summaryView(context: PortalLoadContext, state: CheckoutState): SummaryView {
  const { user, master } = state.active.session;
  const { cart, saved } = state;
  const problems = orderProblems(cart, state);
  return {
    cart: cartView({ cart, version: saved.version }, user, master, state.shipping),
    delivery: cart.dlv_address,
    invoicing: cart.inv_address,
    ref: cart.ref,
    comments: cart.comments,
    notes: cart.notes,
    partialDelivery: cart.partialDelivery,
    saturdayCharged: cart.saturday && isFriday(state.shipping.today),
    problems: problems.map((problem) => ({ code: problem.code, message: problem.message, fix: fixFor(problem) })),
    confirm:
      problems.length === 0 ? { version: saved.version, key: context.checkout.idempotencyKey(user.auth_org_id, saved.version) } : null,
  };
}
