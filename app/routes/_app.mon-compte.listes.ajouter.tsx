import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { makeListAction, requireListsUser } from "~/services/order-lists/index.server";

/**
 * The one action the cart page, an order page and a product page post to, to make a list or
 * add a product to one (docs/order-lists.md « Making a list »); nothing to show on a GET.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireListsUser(args);
  return redirect("/mon-compte/listes");
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireListsUser(args);
  return makeListAction(args, user);
}
