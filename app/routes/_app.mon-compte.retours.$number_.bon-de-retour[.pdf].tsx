import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReturnsUser, returnSlip } from "~/services/returns/index.server";

/** /mon-compte/retours/{number}/bon-de-retour.pdf: the return slip, once accepted; before, or another organization's, a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireReturnsUser(args);
  return returnSlip(user, args.params.number);
}
