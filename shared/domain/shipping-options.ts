import type { Cart } from "../contracts/entities";
import { setOptions, type CartOptions } from "./cart";
import { withShipping } from "./shipping";
import type { ShippingContext } from "./shipping-facts";
import { computeTotals } from "./totals";

/**
 * What each delivery option really adds to this cart's shipping, today (decision 0129): direct
 * delivery replaces the standard lines by its own ("DS") lines AND adds its fee, so a label
 * « forfait 20 € » under-states it; Saturday costs something only on a Friday. Each amount is
 * the shipping total with the option on less the shipping total with it off, the other option
 * staying as the cart has it. Never negative in the demo's price list, but shown as computed.
 */
export interface OptionCosts {
  ldd: number;
  saturday: number;
}

function shippingHtWith(cart: Cart, ctx: ShippingContext, options: CartOptions): number {
  return computeTotals(withShipping(setOptions(cart, options), ctx), ctx.account).shippingHt;
}

export function optionCosts(cart: Cart, ctx: ShippingContext): OptionCosts {
  return {
    ldd: shippingHtWith(cart, ctx, { lddActive: true }) - shippingHtWith(cart, ctx, { lddActive: false }),
    saturday: shippingHtWith(cart, ctx, { saturday: true }) - shippingHtWith(cart, ctx, { saturday: false }),
  };
}
