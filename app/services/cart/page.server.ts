import { permissionsOf, withShipping } from "@shared/domain/index";
import { approvalCheck, budgetNoticeOf, loadStanding } from "~/services/approvals/index.server";
import type { BudgetNoticeView } from "~/services/approvals/types";
import { loadCart } from "./cart.server";
import { shippingContextFor } from "./shipping.server";
import type { CartView } from "./types";
import { cartView } from "./view.server";
import type { ActiveUser, GuardArgs } from "~/services/guards.server";
import { startCartOwnCodes } from "~/services/part-numbers/index.server";
import { asRouteError } from "~/services/route-errors.server";

/**
 * The organization's cart as /mon-panier shows it: shipping lines and totals as of today, as
 * the checkout shows them (the saved ones are those of the day of the last save: a Friday's
 * Saturday charge is gone on Monday). For whoever may prepare the order, what remains of the
 * month's budget and whether the cart as it stands will end with a request for approval
 * (docs/approvals.md « The flow », 1): told before the steps, not at their end.
 */
export async function todaysCartPage(args: GuardArgs, active: ActiveUser): Promise<{ view: CartView; budget: BudgetNoticeView | null }> {
  const { user, master } = active.session;
  const prepares = permissionsOf(user, master).canUpdateCart && user.obj_class !== "contributor";
  // The organization's own codes are asked beside the cart, not after it (decision 0197).
  const ownCodes = startCartOwnCodes(args.context, active);
  const [[saved, codes], shipping, standing] = await Promise.all([
    loadCart(args, active).then(async (held) => [held, await ownCodes.forCart(held.cart)] as const),
    shippingContextFor(args.context, active),
    prepares ? loadStanding(args.context, active) : null,
  ]).catch(asRouteError);
  // Without its amounts the shipping cannot be chosen here: the back-office's lines, of today, stand.
  const cart = saved.amountsHidden ? saved.cart : withShipping(saved.cart, shipping);
  const view = cartView({ ...saved, cart }, user, master, shipping, codes);
  if (standing === null || view.lines.length === 0) return { view, budget: null };
  return { view, budget: budgetNoticeOf(approvalCheck({ standing, cart, active, showAmounts: view.canSeePrices })) };
}
