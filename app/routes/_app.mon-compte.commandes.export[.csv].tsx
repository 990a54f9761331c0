import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrderList, requireOrdersUser } from "~/services/orders/index.server";

/** /mon-compte/commandes/export.csv: the filtered order list for French Excel (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return exportOrderList(user, new URL(args.request.url));
}
