import { data } from "@remix-run/node";
import type { OrdersUser } from "~/services/orders/index.server";
import { asRouteError } from "~/services/route-errors.server";
import { invoicePageView } from "./rows.server";
import type { InvoicePageView } from "./types";

/**
 * /mon-compte/factures/{id}: one invoice or credit note in full. An id that is not a number, or
 * an invoice of another organization (the back-office answers 404), is a 404 page.
 */
export async function loadInvoicePage(user: OrdersUser, id: string | undefined): Promise<InvoicePageView> {
  if (!id || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2147483647) throw data({ message: null }, { status: 404 });
  const invoice = await user.upstream.invoices.detail(Number(id)).catch(asRouteError);
  if (invoice.org_id !== user.orgId) throw data({ message: null }, { status: 404 });
  return invoicePageView(invoice);
}
