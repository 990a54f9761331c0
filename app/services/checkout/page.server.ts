import { isTaxExempt, permissionsOf } from "@shared/domain/index";
import { loadStanding } from "~/services/approvals/index.server";
import { cartView } from "~/services/cart/view.server";
import { COUNTRIES } from "./address.server";
import { loadStep, requireCheckoutUser, type CheckoutState } from "./checkout.server";
import { invoicingAddressOf } from "./delivery.server";
import { CHECKOUT_STEPS, reachableSteps, type CheckoutStep } from "./steps.server";
import { APPROVAL_REQUIRED, summaryView } from "./summary.server";
import type { StepLink } from "./types";
import { redirectWithToast } from "~/services/forms/respond.server";
import { ownCodesOf, productIdsOf } from "~/services/part-numbers/index.server";
import type { GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

/** What the step pages show around their forms. */

export function stepLinks(state: Pick<CheckoutState, "cart" | "progress"> | null): StepLink[] {
  const reachable: CheckoutStep[] = state ? reachableSteps(state.cart, state.progress) : [];
  return CHECKOUT_STEPS.map((info) => ({ ...info, reachable: reachable.includes(info.step) }));
}

/** /commander/livraison: the organization's addresses, the invoicing one, the options and shipping of today. */
export async function deliveryStepPage(args: GuardArgs, state: CheckoutState) {
  const { user, master } = state.active.session;
  const [addresses, invoicing] = await Promise.all([
    state.active.upstream.crm.listAddresses(user.auth_org_id),
    state.cart.inv_address ? Promise.resolve(state.cart.inv_address) : invoicingAddressOf(state),
  ]).catch(asRouteError);
  return {
    steps: stepLinks(state),
    addresses,
    selectedId: state.cart.dlv_address?.obj_id ?? null,
    invoicing,
    countries: COUNTRIES,
    view: cartView({ cart: state.cart, version: state.saved.version }, user, master, state.shipping),
  };
}

/**
 * /commander/recapitulatif: the steps and the summary, with what the caller's purchasing rules
 * make of the cart (the back-office's refusal of a confirmation for want of approval comes
 * back with APPROVAL_REQUIRED in its query).
 */
export async function summaryStepPage(args: GuardArgs, state: CheckoutState) {
  // The organization's own codes of the lines, asked beside the standing (decision 0197).
  const [standing, ownCodes] = await Promise.all([
    loadStanding(args.context, state.active),
    ownCodesOf(args.context, state.active, productIdsOf(state.cart)),
  ]);
  const approvalRequired = new URL(args.request.url).searchParams.get(APPROVAL_REQUIRED.param) === APPROVAL_REQUIRED.value;
  return { steps: stepLinks(state), summary: summaryView(args.context, state, standing, approvalRequired, ownCodes) };
}

/** /commander/terminer: the last order confirmed in this browser (its id is in the checkout cookie), read back from the back-office. */
export async function finishStepPage(args: GuardArgs) {
  const active = await requireCheckoutUser(args);
  const { lastOrderId } = await args.context.checkout.readProgress(args.request, active.session);
  if (lastOrderId === null) {
    // Nothing confirmed yet: the first incomplete step (loadStep redirects), else the summary.
    await loadStep(args, "recapitulatif");
    throw await redirectWithToast(
      args.context,
      "/commander/recapitulatif",
      { type: "info", message: "Confirmez d'abord votre commande." },
      { status: 302 },
    );
  }
  const order = await active.upstream.oms.getOrder(lastOrderId).catch(asRouteError);
  const { user, master } = active.session;
  return {
    steps: stepLinks(null),
    order,
    taxExempt: isTaxExempt(user.obj_properties.N_CatCompta),
    showPrices: permissionsOf(user, master).canViewPrices,
  };
}
