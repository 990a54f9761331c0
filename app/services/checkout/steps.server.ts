import type { Cart } from "@shared/contracts/entities";
import type { CheckoutProgress } from "./state.server";

/**
 * The four steps of /commander and which of them a cart has completed. A step can only be
 * opened when every step before it is complete; otherwise the user is sent to the first one
 * that is not, with a message saying why.
 */

export type CheckoutStep = "livraison" | "consignes" | "recapitulatif" | "terminer";

export interface StepInfo {
  step: CheckoutStep;
  label: string;
  path: string;
}

export const CHECKOUT_STEPS: readonly StepInfo[] = [
  { step: "livraison", label: "Livraison", path: "/commander/livraison" },
  { step: "consignes", label: "Consignes", path: "/commander/consignes" },
  { step: "recapitulatif", label: "Récapitulatif", path: "/commander/recapitulatif" },
  { step: "terminer", label: "Confirmation", path: "/commander/terminer" },
];

const MISSING: Record<"livraison" | "consignes", string> = {
  livraison: "Choisissez d'abord l'adresse de livraison.",
  consignes: "Vérifiez d'abord les consignes de la commande.",
};

export function stepInfo(step: CheckoutStep): StepInfo {
  const found = CHECKOUT_STEPS.find((candidate) => candidate.step === step);
  if (!found) throw new Error(`unknown checkout step ${step}`);
  return found;
}

export function hasOrderableLine(cart: Cart): boolean {
  return cart.products.some((line) => !line.prd_is_port && line.qty > 0);
}

/** The first step not yet complete (the summary when delivery and instructions are done). */
export function firstIncompleteStep(cart: Cart, progress: CheckoutProgress): { step: CheckoutStep; reason: string | null } {
  if (cart.dlv_address === null) return { step: "livraison", reason: MISSING.livraison };
  if (!progress.instructionsSaved) return { step: "consignes", reason: MISSING.consignes };
  return { step: "recapitulatif", reason: null };
}

const ORDER: readonly CheckoutStep[] = CHECKOUT_STEPS.map((info) => info.step);

/** Where a request for `wanted` must go instead, or null when it may be shown. */
export function redirectionFor(
  wanted: Exclude<CheckoutStep, "terminer">,
  cart: Cart,
  progress: CheckoutProgress,
): { path: string; reason: string } | null {
  const reachable = firstIncompleteStep(cart, progress);
  if (ORDER.indexOf(wanted) <= ORDER.indexOf(reachable.step)) return null;
  return { path: stepInfo(reachable.step).path, reason: reachable.reason ?? MISSING.livraison };
}

/** Steps the indicator may link to: those already reachable. */
export function reachableSteps(cart: Cart, progress: CheckoutProgress): CheckoutStep[] {
  const last = ORDER.indexOf(firstIncompleteStep(cart, progress).step);
  return ORDER.filter((_step, index) => index <= last && index < ORDER.indexOf("terminer"));
}
