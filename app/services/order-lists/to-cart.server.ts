import type { ProductDetail } from "@shared/contracts/api";
import type { OrderListLine } from "@shared/contracts/order-lists";
import { isMmsiProduct } from "@shared/domain/index";
import { countOf, plural } from "@shared/domain/plural";
import { toNewCartProduct } from "~/services/cart/add.server";
import { changeCart, newLineId } from "~/services/cart/cart.server";
import { cartFailureOf } from "~/services/cart/failure.server";
import type { AddItem } from "~/services/cart/types";
import { redirectWithToast } from "~/services/forms/index.server";
import type { GuardArgs } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { ListsUser } from "./user.server";

/**
 * « Ajouter la sélection au panier » and « Tout ajouter au panier » (docs/order-lists.md,
 * decision 0196): the chosen lines, each looked up in today's catalogue, join the shared cart
 * in ONE versioned save through changeCart (the cart's one change path: one live event, the
 * MMSI certificates and stock warnings as any addition). A line the catalogue no longer sells
 * (or no longer has) is refused before the save, one the cart refuses (the 9,999 per-line cap)
 * by the save; the toast names what was added and what was not, with why.
 */

/** Catalogue look-ups at a time (as the quick order and the reorder). */
const LOOKUP_CONCURRENCY = 8;
const TOAST_MAX = 300;
/** Up to this many added products are named in the toast. */
const TOAST_NAMED = 5;

/** A line to add: the list's line and the quantity to add (as typed on the page, or the list's). */
export interface ChosenLine {
  line: OrderListLine;
  qty: number;
}

interface Refusal {
  ref: string;
  reason: string;
}

type Lookup = { chosen: ChosenLine; product: ProductDetail } | { chosen: ChosenLine; reason: string };

async function lookUp(user: ListsUser, chosen: ChosenLine): Promise<Lookup> {
  if (chosen.line.discontinued) return { chosen, reason: "n'est plus commercialisé" };
  try {
    const product = await user.upstream.pim.getProduct(user.orgId, chosen.line.product_id);
    if (product.prd_discontinued) return { chosen, reason: "n'est plus commercialisé" };
    if (product.prd_is_port) return { chosen, reason: "frais de port, calculés automatiquement" };
    return { chosen, product };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return { chosen, reason: "n'existe plus au catalogue" };
    throw error;
  }
}

async function lookUpAll(user: ListsUser, chosen: readonly ChosenLine[]): Promise<Lookup[]> {
  const results = new Array<Lookup>(chosen.length);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++;
      const line = chosen[index];
      if (line) results[index] = await lookUp(user, line);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, chosen.length) }, worker));
  return results;
}

function clip(message: string): string {
  return message.length <= TOAST_MAX ? message : `${message.slice(0, TOAST_MAX - 1)}…`;
}

/** « Non ajouté : REF (raison) » or « Non ajoutés : REF (raison), REF (raison) ». */
function refusalsText(refusals: readonly Refusal[]): string {
  const listed = refusals.map((refusal) => `${refusal.ref} (${refusal.reason})`).join(", ");
  return `${plural(refusals.length, "Non ajouté", "Non ajoutés")} : ${listed}.`;
}

/** A cart's refusal in the toast's few words: the domain's sentence without its final stop. */
function shortReason(message: string): string {
  const first = message.charAt(0).toLowerCase() + message.slice(1);
  return first.replace(/\.$/, "");
}

/**
 * Adds the chosen lines to the shared cart and answers a 303 with a toast: to the cart when
 * something was added, back to the list (`backTo`) when nothing was. The caller checked the
 * `cart` right (changeCart checks it again).
 */
export async function addLinesToCart(
  args: GuardArgs,
  user: ListsUser,
  listName: string,
  backTo: string,
  chosen: readonly ChosenLine[],
): Promise<Response> {
  const { context } = args;
  if (chosen.length === 0) {
    return redirectWithToast(context, backTo, {
      type: "error",
      message: "Aucune ligne n'est cochée : cochez les produits à ajouter au panier, ou choisissez « Tout ajouter au panier ».",
    });
  }
  const lookups = await lookUpAll(user, chosen);
  const refusals: Refusal[] = [];
  const items: AddItem[] = [];
  for (const lookup of lookups) {
    if ("reason" in lookup) refusals.push({ ref: lookup.chosen.line.ref, reason: lookup.reason });
    else items.push({ product: toNewCartProduct(lookup.product), qty: lookup.chosen.qty, lineId: newLineId() });
  }
  if (items.length === 0) {
    return redirectWithToast(context, backTo, { type: "error", message: clip(`Rien n'a été ajouté au panier. ${refusalsText(refusals)}`) });
  }
  let result;
  try {
    result = await changeCart(context, user, { type: "addMany", items });
  } catch (error) {
    const failure = cartFailureOf(error, context, user, "order-list");
    return redirectWithToast(context, backTo, { type: "error", message: clip(failure.message) });
  }
  const refusedByCart = new Map(result.refused.map((item) => [item.lineId, item.message]));
  const added = items.filter((item) => !refusedByCart.has(item.lineId));
  for (const item of items) {
    const message = refusedByCart.get(item.lineId);
    if (message !== undefined) refusals.push({ ref: item.product.obj_ref, reason: shortReason(message) });
  }
  const named = added.length <= TOAST_NAMED ? ` (${added.map((item) => `${item.qty} × ${item.product.obj_ref}`).join(", ")})` : "";
  const parts = [`Liste « ${listName} » : ${countOf(added.length, "produit ajouté", "produits ajoutés")} au panier${named}.`];
  if (refusals.length > 0) parts.push(refusalsText(refusals));
  if (added.some((item) => isMmsiProduct(item.product))) parts.push("Joignez les certificats MMSI dans le panier.");
  if (added.length === 0) return redirectWithToast(context, backTo, { type: "error", message: clip(parts.join(" ")) });
  return redirectWithToast(context, "/mon-panier", { type: "success", message: clip(parts.join(" ")) });
}
