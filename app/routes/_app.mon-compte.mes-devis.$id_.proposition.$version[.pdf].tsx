import type { LoaderFunctionArgs } from "@remix-run/node";
import { quoteProposalPdf, requireQuotesUser } from "~/services/quotes/index.server";

/** /mon-compte/mes-devis/{id}/proposition/{version}.pdf: a proposal's PDF, as a download (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireQuotesUser(args);
  return quoteProposalPdf(user, args.params.id, args.params.version);
}
