import { withShipping } from "@shared/domain/index";
import { loadCart } from "./cart.server";
import { shippingContextFor } from "./shipping.server";
import type { CartView } from "./types";
import { cartView } from "./view.server";
import type { ActiveUser, GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";

/**
 * The organization's cart as /mon-panier shows it: shipping lines and totals as of today, as
 * the checkout shows them. The saved ones are those of the day of the last save (a Friday's
 * Saturday charge is gone on Monday).
 */
export async function todaysCartView(args: GuardArgs, active: ActiveUser): Promise<CartView> {
  const { user, master } = active.session;
  const [saved, shipping] = await Promise.all([loadCart(args, active), shippingContextFor(args.context, active)]).catch(asRouteError);
  // Without its amounts the shipping cannot be chosen here: the back-office's lines, of today, stand.
  const cart = saved.amountsHidden ? saved.cart : withShipping(saved.cart, shipping);
  return cartView({ ...saved, cart }, user, master, shipping);
}
