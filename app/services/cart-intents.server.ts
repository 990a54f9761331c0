import { z } from "zod";
import type { Cart } from "../../shared/contracts/entities";
import { setQuantity, withShipping, type ShippingContext } from "../../shared/domain/index";
import type { PortalCartChange } from "./cart.server";
import { quantityField } from "./cart-add.server";

/**
 * The forms of /mon-panier, one `intent` each (a discriminated union: an unknown intent is a
 * 400). Quantities come as `qty:<lineId>` with the value shown when the page was drawn in
 * `was:<lineId>`: only the lines the user changed are sent as changes, so a colleague's
 * concurrent change to another line is never overwritten by a stale number.
 */

const lineId = z.string().trim().min(1, "Ligne inconnue.").max(100, "Ligne inconnue.");
const checkbox = z.enum(["on", "1", "true"]).optional().transform((value) => value !== undefined);

export const cartIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update") }).passthrough(),
  z.object({ intent: z.literal("remove"), lineId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("options"), saturday: checkbox, ldd: checkbox }),
  z.object({
    intent: z.literal("details"),
    ref: z.string().trim().max(60, "La référence du panier compte au plus 60 caractères.").default(""),
    comments: z.string().trim().max(2000, "Le commentaire compte au plus 2000 caractères.").default(""),
  }),
]);
export type CartIntent = z.infer<typeof cartIntent>;

export interface QuantityUpdate {
  lineId: string;
  qty: number;
}

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
export function applyQuantities(cart: Cart, updates: readonly QuantityUpdate[], shipping: ShippingContext): Cart {
  const updated = updates.reduce(
    (current, update) => (current.products.some((line) => line.line_id === update.lineId) ? setQuantity(current, update.lineId, update.qty) : current),
    cart,
  );
  return withShipping(updated, shipping);
}

const SUCCESS: Record<CartIntent["intent"], string> = {
  update: "Quantités mises à jour.",
  remove: "Produit retiré du panier.",
  clear: "Le panier a été vidé.",
  options: "Options de livraison enregistrées.",
  details: "Référence et commentaire enregistrés.",
};

export function successMessage(intent: CartIntent["intent"]): string {
  return SUCCESS[intent];
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
      return { type: "options", options: { saturday: intent.saturday, lddActive: intent.ldd } };
    case "details":
      return { type: "details", ref: intent.ref, comments: intent.comments };
  }
}
