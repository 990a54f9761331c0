import { createAlertsClient, type AlertsClient } from "./alerts.server";
import { createApprovalsClient, type ApprovalsClient } from "./approvals.server";
import { CartCache } from "./cart-cache.server";
import { createAuthClient, type AuthClient } from "./auth.server";
import { createCartLookupsClient, type CartLookupsClient } from "./cart-lookups.server";
import { createCertificatesClient, type CertificatesClient } from "./certificates.server";
import { createContentClient, type ContentClient } from "./content.server";
import { createCrmClient, type CrmClient } from "./crm.server";
import { createUpstreamHttp, type UpstreamHttpOptions } from "./http.server";
import { createInvoicesClient, type InvoicesClient } from "./invoices.server";
import { createOmsClient, type OmsClient } from "./oms.server";
import { createOrderListsClient, type OrderListsClient } from "./order-lists.server";
import { createOrdersClient, type OrdersClient } from "./orders.server";
import { createPartNumbersClient, type PartNumbersClient } from "./part-numbers.server";
import { createPimClient, type PimClient } from "./pim.server";
import { createPriceListClient, type PriceListClient } from "./price-list.server";
import { createQuotesClient, type QuotesClient } from "./quotes.server";
import { createReplenishmentClient, type ReplenishmentClient } from "./replenishment.server";
import { createReturnsClient, type ReturnsClient } from "./returns.server";
import { createRequestsClient, type RequestsClient } from "./requests.server";
import { createSalesQuotesClient, type SalesQuotesClient } from "./sales-quotes.server";
import { createUsersClient, type UsersClient } from "./users.server";
import { createWmsClient, type WmsClient } from "./wms.server";

export { UpstreamError } from "./http.server";
export type { UpstreamFile } from "./http.server";

export interface Upstream {
  auth: AuthClient;
  oms: OmsClient;
  /** The organization's orders, back-orders and purchase history (the account pages). */
  orders: OrdersClient;
  /** The organization's invoices and credit notes, their PDFs and ZIPs (the `invoices` flag). */
  invoices: InvoicesClient;
  /** The organization's quotes: asking, the thread, accepting into the cart (the `quotes` flag). */
  quotes: QuotesClient;
  /** The representative's side of its clients' quotes (/api/sales, a contributor's session). */
  salesQuotes: SalesQuotesClient;
  pim: PimClient;
  /** The organization's price list, paged for the page and the exports (the `prices` flag). */
  priceList: PriceListClient;
  wms: WmsClient;
  crm: CrmClient;
  cartLookups: CartLookupsClient;
  certificates: CertificatesClient;
  /** The organization's people, invitations, one's own details, password and addresses (issue 20). */
  users: UsersClient;
  /** The distributor's news and documents to download (docs/content.md). */
  content: ContentClient;
  /** One's own e-mail alerts, and the public unsubscribe link (docs/alerts.md). */
  alerts: AlertsClient;
  /** Visitors' contact messages, account opening requests and forgotten passwords (docs/requests.md). */
  requests: RequestsClient;
  /** The customer's purchasing rules and the orders waiting for an approver (docs/approvals.md). */
  approvals: ApprovalsClient;
  /** The organization's named order lists (docs/order-lists.md). */
  orderLists: OrderListsClient;
  /** The organization's own part numbers (docs/part-numbers.md). */
  partNumbers: PartNumbersClient;
  /** The organization's scheduled replenishment (docs/replenishment.md). */
  replenishment: ReplenishmentClient;
  /** The organization's returns (docs/returns.md). */
  returns: ReturnsClient;
}

export interface UpstreamOptions extends UpstreamHttpOptions {
  /** The process's last known carts, revalidated on each read (cart-cache.server.ts). */
  carts?: CartCache;
}

/** Typed clients of every back-office service, sharing one bearer token. */
export function createUpstream(options: UpstreamOptions): Upstream {
  const http = createUpstreamHttp(options);
  return {
    auth: createAuthClient(http),
    oms: createOmsClient(http, options.carts),
    orders: createOrdersClient(http),
    invoices: createInvoicesClient(http),
    quotes: createQuotesClient(http),
    salesQuotes: createSalesQuotesClient(http),
    pim: createPimClient(http),
    priceList: createPriceListClient(http),
    wms: createWmsClient(http),
    crm: createCrmClient(http),
    cartLookups: createCartLookupsClient(http),
    certificates: createCertificatesClient(http),
    users: createUsersClient(http),
    content: createContentClient(http),
    alerts: createAlertsClient(http),
    requests: createRequestsClient(http),
    approvals: createApprovalsClient(http),
    orderLists: createOrderListsClient(http),
    partNumbers: createPartNumbersClient(http),
    replenishment: createReplenishmentClient(http),
    returns: createReturnsClient(http),
  };
}

/** Builds clients for a given token: the load context holds this so each request picks its own token. */
export type UpstreamFactory = (token: string | null) => Upstream;

export function createUpstreamFactory(options: Omit<UpstreamOptions, "token">): UpstreamFactory {
  const carts = options.carts ?? new CartCache();
  return (token) => createUpstream({ ...options, carts, token });
}
