import { z } from "zod";
import type { Cart } from "@shared/contracts/entities";
import { setQuantity } from "@shared/domain/index";
import { checkboxField, quantityField, shownCheckboxField, shownTextField } from "~/services/forms/fields.server";
import type { CheckoutDetails, PortalCartChange, QuantityUpdate } from "./types";

/**
 * The forms of /mon-panier, one `intent` each (a discriminated union: an unknown intent is a
 * 400). Every field comes with the value shown when the page was drawn, in `was:<field>`
 * (`was:<lineId>` for a quantity): only the fields the user changed become the change, so a
 * colleague's concurrent change to another line, option or text is never overwritten by a
 * stale page (docs/decisions/0050 and 0090). A form without its `was:` fields sets them all.
 */

const lineId = z.string().trim().min(1, "Ligne inconnue.").max(100, "Ligne inconnue.");
const checkbox = checkboxField("Option de livraison invalide.");
const shownCheckbox = shownCheckboxField("Option de livraison invalide.");
const shownText = shownTextField;

/**
 * The delivery options (direct delivery, Saturday) with the state shown: the form of
 * /mon-panier and of /commander/livraison alike (components/cart/CartOptionsForm.tsx).
 */
export const optionsIntent = z.object({
  intent: z.literal("options"),
  saturday: checkbox,
  ldd: checkbox,
  "was:saturday": shownCheckbox,
  "was:ldd": shownCheckbox,
});
export type OptionsIntent = z.infer<typeof optionsIntent>;

export const cartIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update") }).passthrough(),
  z.object({ intent: z.literal("remove"), lineId }),
  z.object({ intent: z.literal("clear") }),
  optionsIntent,
  z.object({
    intent: z.literal("details"),
    ref: z.string().trim().max(60, "La référence du panier compte au plus 60 caractères.").default(""),
    comments: z.string().trim().max(2000, "Le commentaire compte au plus 2000 caractères.").default(""),
    "was:ref": shownText,
    "was:comments": shownText,
  }),
]);
export type CartIntent = z.infer<typeof cartIntent>;

/** The changed quantities of an `update` form; a bad number is refused with its reason. */
export function quantityUpdates(fields: Record<string, string>): { updates: QuantityUpdate[] } | { error: string } {
  const updates: QuantityUpdate[] = [];
  for (const [key, raw] of Object.entries(fields)) {
    if (!key.startsWith("qty:")) continue;
    const id = key.slice("qty:".length);
    const parsed = quantityField.safeParse(raw);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Quantité invalide." };
    if (fields[`was:${id}`] !== String(parsed.data)) updates.push({ lineId: id, qty: parsed.data });
  }
  return { updates };
}

/** Several quantities at once; lines a colleague removed meanwhile are left out. */
export function applyQuantities(cart: Cart, updates: readonly QuantityUpdate[]): Cart {
  return updates.reduce(
    (current, update) =>
      current.products.some((line) => line.line_id === update.lineId) ? setQuantity(current, update.lineId, update.qty) : current,
    cart,
  );
}

const SUCCESS: Record<CartIntent["intent"], string> = {
  update: "Quantités mises à jour.",
  remove: "Produit retiré du panier.",
  clear: "Le panier a été vidé.",
  options: "Options de livraison enregistrées.",
  details: "Référence et consignes enregistrées.",
};

export function successMessage(intent: CartIntent["intent"]): string {
  return SUCCESS[intent];
}

/** The value to write, or undefined when the user left the field as the page showed it. */
function changedValue<T>(value: T, shown: T | undefined): T | undefined {
  return shown !== undefined && shown === value ? undefined : value;
}

type DetailsIntent = Extract<CartIntent, { intent: "details" }>;

/** Only the options changed from what the page showed; null when none was. */
export function optionsChange(intent: OptionsIntent): PortalCartChange | null {
  const saturday = changedValue(intent.saturday, intent["was:saturday"]);
  const lddActive = changedValue(intent.ldd, intent["was:ldd"]);
  if (saturday === undefined && lddActive === undefined) return null;
  // setOptions leaves an undefined option as the fresh cart has it.
  return { type: "options", options: { saturday, lddActive } };
}

function detailsChange(intent: DetailsIntent): PortalCartChange | null {
  const ref = changedValue(intent.ref, intent["was:ref"]);
  const comments = changedValue(intent.comments, intent["was:comments"]);
  const details: CheckoutDetails = {
    ...(ref === undefined ? {} : { ref }),
    ...(comments === undefined ? {} : { comments }),
  };
  if (Object.keys(details).length === 0) return null;
  // The checkout's change sets only the fields it is given, on the cart as it is when saved.
  return { type: "checkout", details };
}

/** The cart change an intent asks for; null when there is nothing to change. */
export function changeFor(intent: CartIntent, fields: Record<string, string>): PortalCartChange | { error: string } | null {
  switch (intent.intent) {
    case "update": {
      const result = quantityUpdates(fields);
      if ("error" in result) return result;
      return result.updates.length === 0 ? null : { type: "quantities", updates: result.updates };
    }
    case "remove":
      return { type: "remove", lineId: intent.lineId };
    case "clear":
      return { type: "clear" };
    case "options":
      return optionsChange(intent);
    case "details":
      return detailsChange(intent);
  }
}
