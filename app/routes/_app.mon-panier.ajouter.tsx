import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { addToCartForm, addToCartFromForm } from "~/services/cart/index.server";
import { parseForm, respond } from "~/services/forms/index.server";
import { requireUser } from "~/services/guards.server";
import { readForm } from "~/services/forms/read.server";

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
  const form = parseForm(await readForm(args.request), addToCartForm);
  const outcome = await addToCartFromForm(args.context, active, form);
  return respond(args.context, outcome, { fields: form.fields, redirectTo: safeRedirectPath(form.fields.redirectTo) ?? "/mon-panier" });
}
