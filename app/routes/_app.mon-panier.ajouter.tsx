import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { AddToCartAnswer } from "~/services/cart/types";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { addedMessage, addToCart, addToCartForm, cartFailureOf, firstIssue, redirectWithToast, textFields } from "~/services/cart/index.server";
import { requireUser } from "~/services/guards.server";

/**
 * Resource route every add-to-cart form posts to. A fetcher (mode=fetch) gets the result as
 * data for the modal; a plain form post gets a 303 back to the page it came from, with a
 * flash message. The layout's loader revalidates either way, so the header badge follows.
 */

export async function loader(args: ActionFunctionArgs) {
  await requireUser(args);
  return redirect("/mon-panier");
}

export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const fields = textFields(await args.request.formData());
  const fetchMode = fields.mode === "fetch";
  const back = safeRedirectPath(fields.redirectTo) ?? "/mon-panier";

  const refuse = async (status: number, message: string) =>
    fetchMode
      ? data<AddToCartAnswer>({ ok: false, message }, { status })
      : redirectWithToast(args.context, back, { type: "error", message });

  const parsed = addToCartForm.safeParse(fields);
  if (!parsed.success) return refuse(400, firstIssue(parsed.error, "Demande d'ajout invalide."));
  try {
    const added = await addToCart(args.context, active, parsed.data.productId, parsed.data.qty);
    if (fetchMode) return data<AddToCartAnswer>(added);
    return redirectWithToast(args.context, back, {
      type: "success",
      message: addedMessage(added.product.title, added.product.ref, added.qtyAdded),
    });
  } catch (error) {
    const failure = cartFailureOf(error, args.context, active, "add");
    return refuse(failure.status, failure.message);
  }
}
