import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrderLines, requireOrdersUser } from "~/services/orders/index.server";

/**
 * /mon-compte/commandes/{id}/export.csv: the order's lines for French Excel (reference, own
 * code, designation, quantities, and amounts with `prices`); another organization's order is a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireOrdersUser(args);
  return exportOrderLines(user, args.params.id);
}
