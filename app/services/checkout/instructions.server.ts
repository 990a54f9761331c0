import { z } from "zod";
import { checkboxField } from "~/services/forms/fields.server";
import type { Cart } from "@shared/contracts/entities";
import { isPromotionApplied } from "@shared/domain/index";
import { promotionNameInReference } from "@shared/domain/cart";
import { saveCartChange } from "~/services/cart/save.server";
import type { CheckoutState } from "./checkout.server";
import type { PortalLoadContext } from "~/services/context.server";
import type { ParsedForm } from "~/services/forms/parse.server";
import { refused, type Outcome } from "~/services/forms/respond.server";

/** The instructions step: order reference, comments for the warehouse, notes, partial delivery. */

const checkbox = checkboxField();

export const instructionsForm = z.object({
  ref: z.string().trim().max(60, "La référence de commande compte au plus 60 caractères.").default(""),
  comments: z.string().trim().max(2000, "Les consignes pour l'entrepôt comptent au plus 2000 caractères.").default(""),
  notes: z.string().trim().max(2000, "Les notes comptent au plus 2000 caractères.").default(""),
  partialDelivery: checkbox,
});

export interface InstructionsValues {
  ref: string;
  comments: string;
  notes: string;
  partialDelivery: boolean;
  /** The promotion whose name the reference holds (pre-filled, the buyer may change it), or null. */
  refFromPromotion: string | null;
}

/** What the form shows: the saved values, the reference pre-filled from a promotion when empty (docs/specification.md §4). */
export function instructionsValues(cart: Cart): InstructionsValues {
  const promoted = cart.products.find((line) => !line.prd_is_port && isPromotionApplied(line) && line.prc_promo_name);
  const ref = cart.ref.trim() === "" ? (promoted?.prc_promo_name?.trim().slice(0, 60) ?? "") : cart.ref;
  // Any line's promotion name, as addProduct took it (whether or not its price still applies).
  const promotions = cart.products.filter((line) => !line.prd_is_port).map((line) => line.prc_promo_name);
  const refFromPromotion = promotionNameInReference(ref, promotions);
  return { ref, comments: cart.comments, notes: cart.notes, partialDelivery: cart.partialDelivery, refFromPromotion };
}

/** Refused, the form is drawn again with the message of each field; saved, the step is complete. */
export async function saveInstructions(
  context: PortalLoadContext,
  state: CheckoutState,
  form: ParsedForm<typeof instructionsForm>,
): Promise<Outcome> {
  if (!form.ok) return refused(400, "Vérifiez les consignes de la commande.", form.fieldErrors);
  return saveCartChange(
    context,
    state.active,
    { type: "checkout", details: form.data },
    "Consignes enregistrées.",
    "checkout-instructions",
  );
}
