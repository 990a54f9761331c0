import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdf, requireInvoicesUser } from "~/services/invoices/index.server";

/** /mon-compte/factures/{id}.pdf: the invoice's stored PDF as a download (a resource route, flag `invoices`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireInvoicesUser(args);
  return invoicePdf(user, args.params.id);
}
