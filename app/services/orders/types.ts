import type { BackorderState, OrderDetail, OrderStatus, RequestStatus } from "@shared/contracts/orders";
import type { OrderPageAmounts } from "@shared/domain/order-amounts";
import type { Contacts } from "@shared/contracts/contacts";

/**
 * View models of the account pages (orders, back-orders, purchase history), shared by
 * app/services/orders/ and app/components/orders/ (docs/decisions/0098-feature-folders.md).
 * Amounts are cents, or null when the user may not see prices.
 */

export type { Contacts, OrderDetail, OrderStatus };

/** The order list's filters as they are in the URL (GET form, no JavaScript needed). */
export interface OrderFilterValues {
  du: string;
  au: string;
  statut: string;
  reference: string;
  produit: string;
  auteur: string;
}

export const ORDER_FILTER_NAMES = [
  "du",
  "au",
  "statut",
  "reference",
  "produit",
  "auteur",
] as const satisfies readonly (keyof OrderFilterValues)[];

/** A filter the page did not apply, and why (shown above the list). */
export interface FilterNotice {
  field: keyof OrderFilterValues | "page";
  message: string;
}

export interface OrderRow {
  id: number;
  number: string;
  /** ISO instant of the confirmation. */
  createdAt: string;
  customerRef: string;
  /** « Voilerie Atlantique », or « par Yann Le Gall pour Voilerie Atlantique ». */
  placedBy: string;
  status: OrderStatus;
  lineCount: number;
  backorderCount: number;
  /** The HT total, ecotax included (decision 0161). */
  totalHt: number | null;
  /** « dont éco-participation »: part of totalHt. */
  ecotaxe: number | null;
  tva: number | null;
  totalTtc: number | null;
}

export interface OrderListView {
  rows: OrderRow[];
  total: number;
  page: number;
  pageCount: number;
  /** What the form shows: the values typed, the ones ignored included. */
  values: OrderFilterValues;
  notices: FilterNotice[];
  statuses: readonly OrderStatus[];
  authors: { id: number; name: string }[];
  showPrices: boolean;
  /** The applied filters as a query string (no page), for the pages' links and the export. */
  query: string;
}

export interface AccountShortcut {
  to: string;
  label: string;
}

export interface AccountHomeView {
  userName: string;
  organizationName: string;
  /** The contributor acting for the organization, if any. */
  actingAs: string | null;
  shortcuts: AccountShortcut[];
  latestOrders: OrderRow[];
  orderTotal: number;
  backorders: BackorderRow[];
  backorderTotal: number;
  showPrices: boolean;
  /** Sales representatives and customer service; null for a class that may not see them. */
  contacts: Contacts | null;
}

export interface OrderPageView {
  order: OrderDetail;
  /** The lines' and totals' amounts as shown, ecotax inside the HT total (decision 0161). */
  amounts: OrderPageAmounts;
  showPrices: boolean;
  /** The author as the list says it (« par X pour Y »). */
  placedBy: string;
  /** « Commander à nouveau » is offered (the `cart` right). */
  canReorder: boolean;
}

export interface BackorderRow {
  orderId: number;
  orderNumber: string;
  orderDate: string;
  customerRef: string;
  productId: number;
  productRef: string;
  productTitle: string;
  ordered: number;
  shipped: number;
  /** Units on back-order: what the customer waits for beyond what ships now (decision 0160). */
  backorder: number;
  state: BackorderState;
  /** « date prévisionnelle »: the product's next refill, YYYY-MM-DD. */
  expectedDate: string | null;
  unitPrice: number | null;
  request: { status: RequestStatus; requestedAt: string; requestedBy: string; answer: string | null } | null;
  /** The cancellation request form is shown (flag `orders`, nothing pending, units waiting). */
  canRequestCancellation: boolean;
}

export type BackorderGrouping = "produit" | "commande";

export interface BackorderGroup {
  key: string;
  title: string;
  /** The order's page for a group by order. */
  href: string | null;
  rows: BackorderRow[];
}

export interface BackorderPageView {
  grouping: BackorderGrouping;
  groups: BackorderGroup[];
  total: number;
  page: number;
  pageCount: number;
  showPrices: boolean;
}

export interface HistoryRowView {
  productId: number;
  productRef: string;
  productTitle: string;
  totalQty: number;
  orderCount: number;
  lastOrderedAt: string;
  lastUnitPrice: number | null;
}

export interface HistoryPageView {
  rows: HistoryRowView[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  /** The search applied, as the pages' query string. */
  query: string;
  notice: string | null;
  since: string;
  showPrices: boolean;
  canAddToCart: boolean;
}

/** What happens to one line of an order asked again (« Commander à nouveau »). */
export type ReorderLineOutcome = "ajoutée" | "plafonnée" | "refusée";

export interface ReorderLineView {
  productId: number;
  productRef: string;
  productTitle: string;
  /** Units on the order. */
  ordered: number;
  /** Units of the product the shared cart holds already. */
  inCart: number;
  /** Units that will join the cart (0 when refused). */
  qty: number;
  outcome: ReorderLineOutcome;
  /** Unit price excluding tax on the order, and today's: both null without `prices`. */
  orderedUnitPrice: number | null;
  todayUnitPrice: number | null;
  /** Today's price differs from the order's (always false without `prices`). */
  priceChanged: boolean;
  /** An MMSI product: one certificate per unit will be asked before ordering. */
  mmsi: boolean;
  /** What changed since the order, in French (discontinued, capped, MMSI…). */
  notes: string[];
}

export interface ReorderProposalView {
  orderId: number;
  orderNumber: string;
  orderDate: string;
  /** The whole order was asked (`tout=1`), else the lines ticked. */
  wholeOrder: boolean;
  lines: ReorderLineView[];
  /** About the selection itself (lines not on the order, nothing ticked). */
  notices: string[];
  showPrices: boolean;
  /** Something would join the cart: the confirmation button is shown. */
  canConfirm: boolean;
}
