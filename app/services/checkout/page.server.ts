import type { StepLink } from "./types";
import type { CheckoutState } from "./checkout.server";
import { CHECKOUT_STEPS, reachableSteps, type CheckoutStep } from "./steps.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { ToastMessage } from "~/services/toast.server";

/** What every step page shows around its form, and the answer after a step is saved. */

export function stepLinks(state: Pick<CheckoutState, "cart" | "progress"> | null): StepLink[] {
  const reachable: CheckoutStep[] = state ? reachableSteps(state.cart, state.progress) : [];
  return CHECKOUT_STEPS.map((info) => ({ ...info, reachable: reachable.includes(info.step) }));
}

/** A 303 to the next page with a message, plus any other cookie (the checkout progress). */
export async function redirectAfterPost(context: PortalLoadContext, path: string, toast: ToastMessage, extraCookie?: string): Promise<Response> {
  const headers = new Headers({ Location: path });
  headers.append("Set-Cookie", await context.toasts.set(toast));
  if (extraCookie) headers.append("Set-Cookie", extraCookie);
  return new Response(null, { status: 303, headers });
}
