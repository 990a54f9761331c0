import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireSalesUser, salesQuoteAttachment } from "~/services/sales-quotes/index.server";

/** /clients/devis/{id}/pieces-jointes/{attId}: a file of a client's quote, as a download (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireSalesUser(args);
  return salesQuoteAttachment(user, args.params.id, args.params.attId);
}
