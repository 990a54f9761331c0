import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { saveCertificateForm } from "~/services/cart/index.server";
import { respond } from "~/services/forms/index.server";
import { requireUser } from "~/services/guards.server";

/** Resource route of the certificate forms of /mon-panier: attach (multipart) and detach. */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return redirect("/mon-panier");
}

/** Plain forms only (no fetcher): every answer is a 303 back to the cart, with a toast. */
export async function action(args: ActionFunctionArgs) {
  const active = await requireUser(args);
  const outcome = await saveCertificateForm(args.context, active, args.request);
  return respond(args.context, outcome, { redirectTo: "/mon-panier" });
}
