import { z } from "zod";
import { checkboxField } from "~/services/forms/fields.server";
import type { Cart } from "@shared/contracts/entities";
import { isPromotionApplied } from "@shared/domain/index";
import { changeCart } from "~/services/cart/cart.server";
import { cartFailureOf } from "~/services/cart/failure.server";
import type { CheckoutState } from "./checkout.server";
import type { PortalLoadContext } from "~/services/context.server";

/** The instructions step: order reference, comments for the warehouse, notes, partial delivery. */

const checkbox = checkboxField();

export const instructionsForm = z.object({
  ref: z.string().trim().max(60, "La référence de commande compte au plus 60 caractères.").default(""),
  comments: z.string().trim().max(2000, "Les consignes pour l'entrepôt comptent au plus 2000 caractères.").default(""),
  notes: z.string().trim().max(2000, "Les notes comptent au plus 2000 caractères.").default(""),
  partialDelivery: checkbox,
});
export type InstructionsForm = z.infer<typeof instructionsForm>;
export type InstructionsField = keyof InstructionsForm;

export interface InstructionsValues {
  ref: string;
  comments: string;
  notes: string;
  partialDelivery: boolean;
}

/** What the form shows: the saved values, the reference pre-filled from a promotion when empty (spec section 4). */
export function instructionsValues(cart: Cart): InstructionsValues {
  const promoted = cart.products.find((line) => !line.prd_is_port && isPromotionApplied(line) && line.prc_promo_name);
  const ref = cart.ref.trim() === "" ? (promoted?.prc_promo_name?.trim().slice(0, 60) ?? "") : cart.ref;
  return { ref, comments: cart.comments, notes: cart.notes, partialDelivery: cart.partialDelivery };
}

export type InstructionsOutcome =
  | { ok: true }
  | { ok: false; status: number; message: string; errors: Partial<Record<InstructionsField, string>> };

export async function saveInstructions(context: PortalLoadContext, state: CheckoutState, fields: Record<string, string>): Promise<InstructionsOutcome> {
  const parsed = instructionsForm.safeParse(fields);
  if (!parsed.success) {
    const errors: Partial<Record<InstructionsField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "ref" || field === "comments" || field === "notes") errors[field] ??= issue.message;
    }
    return { ok: false, status: 400, message: "Vérifiez les consignes de la commande.", errors };
  }
  try {
    await changeCart(context, state.active, { type: "checkout", details: parsed.data });
    return { ok: true };
  } catch (error) {
    const failure = cartFailureOf(error, context, state.active, "checkout-instructions");
    return { ok: false, status: failure.status, message: failure.message, errors: {} };
  }
}
