import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportList, requireListsUser } from "~/services/order-lists/index.server";

/** /mon-compte/listes/{id}/export.csv: the list for French Excel (reference, own code, designation, quantity, note). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireListsUser(args);
  return exportList(user, args.params.id, "csv");
}
