import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportInvoiceList, requireInvoicesUser } from "~/services/invoices/index.server";

/** /mon-compte/factures/export.csv: the filtered invoice list for French Excel (a resource route, flag `invoices`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireInvoicesUser(args);
  return exportInvoiceList(user, new URL(args.request.url));
}
