import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportBackorders, requireOrdersUser } from "~/services/orders/index.server";

/** /mon-compte/reliquats/export.csv: the open back-orders for French Excel (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return exportBackorders(user);
}
