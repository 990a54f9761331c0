/**
 * View models of the home page (app/services/home/, app/components/home/): what matters today
 * for the signed-in user, one block per feature, each present only when the user's rights
 * open it (null: not shown at all) and each read on its own, so that one failing says so
 * (`unavailable`) without taking the page down. Amounts are cents.
 */

export type HomeBlock<T> = { state: "ready"; data: T } | { state: "unavailable" };

export interface HomeGreeting {
  userName: string;
  organizationName: string;
  /** The contributor acting for the organization, if any. */
  actingAs: string | null;
}

export interface PromotionView {
  id: number;
  ref: string;
  title: string;
  brand: string | null;
  image: string | null;
  promotionName: string | null;
  /** What one unit costs with the promotion, excluding tax. */
  promotionPrice: number;
  /** The customer's net price without it. */
  netPrice: number;
}

export interface PromotionsView {
  items: PromotionView[];
  total: number;
}

export interface HomeOrderView {
  id: number;
  number: string;
  /** ISO instant of the confirmation. */
  createdAt: string;
  customerRef: string;
  status: string;
  lineCount: number;
}

export interface LatestOrdersView {
  items: HomeOrderView[];
  total: number;
  /** « Commander à nouveau » is offered (the `cart` right). */
  canReorder: boolean;
}

export interface ArrivedBackorderView {
  orderId: number;
  orderNumber: string;
  productRef: string;
  productTitle: string;
  /** Units on back-order, the order page's figure (decision 0160). */
  backorder: number;
  /** ISO instant the stock arrived, when known. */
  availableAt: string | null;
}

export interface ArrivedBackordersView {
  items: ArrivedBackorderView[];
  /** Lines arrived among the back-orders read (the newest 100). */
  total: number;
}

export interface HomeQuoteView {
  id: number;
  number: string;
  customerRef: string;
  state: string;
  /** ISO instant of the last change. */
  updatedAt: string;
  /** The proposal's validity (YYYY-MM-DD), when there is one. */
  validUntil: string | null;
  href: string;
}

export interface QuotesWaitingView {
  /** Proposals and questions waiting for the client's answer. */
  forClient: HomeQuoteView[];
  forClientTotal: number;
  /** For a representative acting for the client: its requests to study; null for others. */
  forRepresentative: HomeQuoteView[] | null;
}

export interface NewsHighlightView {
  id: number;
  title: string;
  summary: string;
  publishedAt: string;
  category: string;
  href: string;
  picture: { url: string; alt: string };
}

export interface QuickOrderView {
  /** Rows of reference and quantity (the full page has ten). */
  rows: number;
}

/** A shortcut to one of the portal's pages the account may open. */
export interface QuickLink {
  to: string;
  title: string;
  description: string;
}

export interface HomeView {
  greeting: HomeGreeting;
  news: HomeBlock<NewsHighlightView[]> | null;
  promotions: HomeBlock<PromotionsView> | null;
  quickOrder: QuickOrderView | null;
  orders: HomeBlock<LatestOrdersView> | null;
  backorders: HomeBlock<ArrivedBackordersView> | null;
  quotes: HomeBlock<QuotesWaitingView> | null;
  links: QuickLink[];
}
