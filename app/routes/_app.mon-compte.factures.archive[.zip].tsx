import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { archiveFiltered, archiveSelection, requireInvoicesUser } from "~/services/invoices/index.server";

/** GET /mon-compte/factures/archive.zip?<filters>: a ZIP of the filtered invoices (flag `invoices`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireInvoicesUser(args);
  return archiveFiltered(user, args.context, new URL(args.request.url));
}

/** POST /mon-compte/factures/archive.zip: a ZIP of the invoices ticked on the list. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireInvoicesUser(args);
  return archiveSelection(user, args.context, args.request);
}
