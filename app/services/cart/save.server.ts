import { changeCart } from "./cart.server";
import { cartFailureOf } from "./failure.server";
import { changeFor, successMessage, type cartIntent } from "./intents.server";
import type { PortalCartChange } from "./types";
import type { PortalLoadContext } from "~/services/context.server";
import type { ParsedForm } from "~/services/forms/parse.server";
import { refused, saved, type Outcome } from "~/services/forms/respond.server";
import type { ActiveUser } from "~/services/guards.server";

/** Said when a form comes back as it was shown: nothing to save (decision 0090). */
export const NOTHING_CHANGED = "Aucune modification.";

/**
 * Saves one cart change and says how it went: `message` when saved, the French reason of a
 * refusal or of a back-office failure (logged under `operation`) otherwise. A change that is
 * null (the user changed nothing the page showed) saves nothing.
 */
export async function saveCartChange(
  context: PortalLoadContext,
  active: ActiveUser,
  change: PortalCartChange | null,
  message: string,
  operation: string,
): Promise<Outcome> {
  if (change === null) return saved(NOTHING_CHANGED);
  try {
    await changeCart(context, active, change);
    return saved(message);
  } catch (error) {
    return cartFailureOf(error, context, active, operation);
  }
}

/** The forms of /mon-panier: quantities, remove, clear, delivery options, reference and comments. */
export async function saveCartForm(context: PortalLoadContext, active: ActiveUser, form: ParsedForm<typeof cartIntent>): Promise<Outcome> {
  if (!form.ok) return refused(400, form.formError);
  const change = changeFor(form.data, form.fields);
  if (change !== null && "error" in change) return refused(400, change.error);
  return saveCartChange(context, active, change, successMessage(form.data.intent), form.data.intent);
}
