import type { Cart } from "@shared/contracts/entities";
import { accountContextOf, isFriday, validateOrder, type OrderProblem } from "@shared/domain/index";
import { approvalCheck, budgetNoticeOf, type PurchasingStanding } from "~/services/approvals/index.server";
import { cartView } from "~/services/cart/view.server";
import type { CheckoutState } from "./checkout.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { SummaryProblem, SummaryView } from "./types";

/**
 * The summary: every line, the shipping lines, the certificates, the addresses, the options,
 * the totals and the reasons the order cannot be confirmed yet, each with a link to fix it.
 * The confirm form carries the cart version and its idempotency key, nothing else that counts.
 * A cart that needs approval as it stands (the purchasing rules, docs/approvals.md) gets the
 * request's form instead, with the same version and key.
 */

/** The summary's query after the back-office refused a confirmation that needs approval: the request is offered. */
export const APPROVAL_REQUIRED = { param: "validation", value: "requise" } as const;
export const SUMMARY_NEEDING_APPROVAL = `/commander/recapitulatif?${APPROVAL_REQUIRED.param}=${APPROVAL_REQUIRED.value}`;

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

/**
 * Every reason this cart cannot be ordered or sent for approval (the domain's rules, plus the
 * address). The `orders` right is not one of them: without it the summary leads to the request
 * (docs/approvals.md), and the confirmation checks the right itself.
 */
export function orderProblems(cart: Cart, state: Pick<CheckoutState, "active">): OrderProblem[] {
  const { user } = state.active.session;
  const problems = validateOrder(cart, { account: accountContextOf(user), canOrder: true });
  return cart.dlv_address === null ? [...problems, NO_DELIVERY_ADDRESS] : problems;
}

/**
 * `standing` is the caller's (loadStanding); `approvalRequired` says the back-office refused a
 * confirmation of this cart for want of approval (a person shown no amounts cannot be told so
 * beforehand); `ownCodes` the organization's codes of the lines' products.
 */
export function summaryView(
  context: PortalLoadContext,
  state: CheckoutState,
  standing: PurchasingStanding,
  approvalRequired = false,
  ownCodes: ReadonlyMap<number, string> = new Map(),
): SummaryView {
  const { user, master } = state.active.session;
  const { cart, saved } = state;
  const problems = orderProblems(cart, state);
  const view = cartView({ cart, version: saved.version }, user, master, state.shipping, ownCodes);
  const check = approvalCheck({ standing, cart, active: state.active, showAmounts: view.canSeePrices, forced: approvalRequired });
  const ready =
    problems.length === 0 ? { version: saved.version, key: context.checkout.idempotencyKey(user.auth_org_id, saved.version) } : null;
  return {
    cart: view,
    delivery: cart.dlv_address,
    invoicing: cart.inv_address,
    ref: cart.ref,
    comments: cart.comments,
    notes: cart.notes,
    partialDelivery: cart.partialDelivery,
    saturdayCharged: cart.saturday && isFriday(state.shipping.today),
    problems: problems.map((problem) => ({ code: problem.code, message: problem.message, fix: fixFor(problem) })),
    budget: budgetNoticeOf(check),
    confirm: check.needed ? null : ready,
    request: check.needed ? ready : null,
  };
}
