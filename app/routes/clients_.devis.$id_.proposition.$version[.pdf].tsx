import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireSalesUser, salesQuoteProposalPdf } from "~/services/sales-quotes/index.server";

/** /clients/devis/{id}/proposition/{version}.pdf: a proposal's PDF, as a download (a resource route). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireSalesUser(args);
  return salesQuoteProposalPdf(user, args.params.id, args.params.version);
}
