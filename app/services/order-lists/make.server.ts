import { z } from "zod";
import { listName, MAX_LIST_LINES, MAX_LIST_QTY, type ListLineInput } from "@shared/contracts/order-lists";
import { isShippingReference } from "@shared/domain/index";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { loadCart } from "~/services/cart/cart.server";
import { parseForm, redirectWithToast } from "~/services/forms/index.server";
import { readForm } from "~/services/forms/read.server";
import type { GuardArgs } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { CHANGE_UNAVAILABLE, READ_ONLY } from "./actions.server";
import { listPath, MAKE_LIST_INTENTS, NEW_LIST_CHOICE } from "./types";
import { idOf, notFound, type ListsUser } from "./user.server";

/**
 * /mon-compte/listes/ajouter (docs/order-lists.md « Making a list »): the one action the cart
 * page (« Enregistrer le panier comme liste »), an order page (« Créer une liste depuis cette
 * commande ») and a product page (« Ajouter à une liste ») post to, with an `intent`. A new
 * list opens on its page; a product added to a list stays on the product page, with a toast.
 */

const BAD_FORM = "Ce formulaire n'est plus valable : rechargez la page.";
const shared = z.enum(["1"]).optional();

const makeListForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(MAKE_LIST_INTENTS.fromCart), nom: listName, partagee: shared, retour: z.string().optional() }),
  z.object({
    intent: z.literal(MAKE_LIST_INTENTS.fromOrder),
    commande: z.string({ error: BAD_FORM }).regex(/^[1-9]\d{0,9}$/, BAD_FORM),
    nom: listName,
    partagee: shared,
    retour: z.string().optional(),
  }),
  z.object({
    intent: z.literal(MAKE_LIST_INTENTS.addProduct),
    produit: z.string({ error: BAD_FORM }).regex(/^[1-9]\d{0,9}$/, BAD_FORM),
    qte: z
      .string({ error: "Indiquez une quantité." })
      .trim()
      .regex(/^\d{1,4}$/, `Indiquez une quantité entière de 1 à ${MAX_LIST_QTY}.`)
      .transform(Number)
      .pipe(z.number().min(1, "La quantité doit être d'au moins 1.")),
    liste: z
      .string({ error: "Choisissez une liste." })
      .regex(new RegExp(`^(?:${NEW_LIST_CHOICE}|[1-9]\\d{0,9})$`), "Choisissez une liste."),
    nom: z.string().optional(),
    partagee: shared,
    retour: z.string().optional(),
  }),
]);

/** Product lines by product, quantities added up (never past the list's maximum), at most MAX_LIST_LINES. */
export function mergeLines(lines: readonly { productId: number; qty: number }[]): ListLineInput[] {
  const byProduct = new Map<number, ListLineInput>();
  for (const { productId, qty } of lines) {
    if (qty < 1) continue;
    const existing = byProduct.get(productId);
    if (existing) existing.qty = Math.min(MAX_LIST_QTY, existing.qty + qty);
    else if (byProduct.size < MAX_LIST_LINES)
      byProduct.set(productId, { product_id: productId, qty: Math.min(MAX_LIST_QTY, qty), note: "" });
  }
  return [...byProduct.values()];
}

async function fromCart(args: GuardArgs, user: ListsUser): Promise<ListLineInput[]> {
  const saved = await loadCart(args, user).catch(asRouteError);
  // The shipping lines are the back-office's to compute, never a product to order again.
  const products = saved.cart.products.filter((line) => !line.prd_is_port && !isShippingReference(line.obj_ref));
  return mergeLines(products.map((line) => ({ productId: line.obj_id, qty: line.qty })));
}

async function fromOrder(user: ListsUser, rawId: string): Promise<ListLineInput[]> {
  const id = idOf(rawId) ?? notFound();
  const order = await user.upstream.orders.detail(id).catch(asRouteError);
  if (order.org_id !== user.orgId) notFound();
  return mergeLines(order.lines.map((line) => ({ productId: line.obj_id, qty: line.ordered })));
}

const sentence = (message: string) => message.slice(0, 300);

/** POST /mon-compte/listes/ajouter. */
export async function makeListAction(args: GuardArgs, user: ListsUser): Promise<Response> {
  const { context } = args;
  const parsed = parseForm(await readForm(args.request), makeListForm);
  const back = safeRedirectPath(parsed.fields.retour) ?? "/mon-compte/listes";
  if (!parsed.ok) return redirectWithToast(context, back, { type: "error", message: sentence(parsed.formError) });
  const input = parsed.data;
  const lists = user.upstream.orderLists;
  try {
    if (input.intent === MAKE_LIST_INTENTS.addProduct) {
      const line = { product_id: Number(input.produit), qty: input.qte, note: "" };
      if (input.liste === NEW_LIST_CHOICE) {
        const name = listName.safeParse(input.nom ?? "");
        if (!name.success) return redirectWithToast(context, back, { type: "error", message: name.error.issues[0]?.message ?? BAD_FORM });
        const list = await lists.create(user.orgId, { name: name.data, shared: input.partagee === "1", lines: [line] });
        return await redirectWithToast(context, back, {
          type: "success",
          message: sentence(`Ajouté à la nouvelle liste « ${list.name} ».`),
        });
      }
      const list = await lists.addLines(user.orgId, Number(input.liste), [line]);
      return await redirectWithToast(context, back, { type: "success", message: sentence(`Ajouté à la liste « ${list.name} ».`) });
    }
    const lines = input.intent === MAKE_LIST_INTENTS.fromCart ? await fromCart(args, user) : await fromOrder(user, input.commande);
    if (lines.length === 0) {
      const empty =
        input.intent === MAKE_LIST_INTENTS.fromCart ? "Le panier ne contient aucun produit." : "La commande ne contient aucun produit.";
      return await redirectWithToast(context, back, { type: "error", message: `${empty} La liste n'a pas été créée.` });
    }
    const list = await lists.create(user.orgId, { name: input.nom, shared: input.partagee === "1", lines });
    const count = list.lines.length;
    return await redirectWithToast(context, listPath(list.id), {
      type: "success",
      message: sentence(`Liste « ${list.name} » créée avec ${count} ${count > 1 ? "produits" : "produit"}.`),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Another organization's list (or a colleague's private one) named in the form: nothing to tell.
    if (error.status === 404) return asRouteError(error);
    const message = error.status === 403 ? READ_ONLY : error.isUnavailable ? CHANGE_UNAVAILABLE : error.message;
    return redirectWithToast(context, back, { type: "error", message: sentence(message) });
  }
}
