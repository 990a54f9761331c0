import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteAttachment, requireQuotesUser } from "~/services/quotes/index.server";

/** /mon-compte/mes-devis/{id}/pieces-jointes/{attId}: a file of the quote, as a download (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireQuotesUser(args);
  return quoteAttachment(user, args.params.id, args.params.attId);
}
