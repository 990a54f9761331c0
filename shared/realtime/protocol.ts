/**
 * The live cart channel between the server and the browsers of one organization (spec
 * section 1). No runtime dependency: the browser bundle imports this file, the server adds
 * the zod schema of events.ts on top.
 */

/** The one event the server sends; clients send none (the server ignores whatever they emit). */
export const CART_UPDATE_EVENT = "cart-update";

/** Where socket.io listens, on the portal's own port. */
export const REALTIME_PATH = "/socket.io";

export const CART_UPDATE_KINDS = [
  "added",
  "removed",
  "quantity",
  "quantities",
  "cleared",
  "options",
  "details",
  "certificates",
  "order_confirmed",
  // Not a cart change: a person's rights changed (issue 20), the organization's pages reload
  // so the person's next view shows what it may see now.
  "access",
  // Not cart changes either (issue 37, docs/approvals.md): a cart sent for approval (the shared
  // cart is emptied), and the decision on a request. `reference` names the request.
  "approval_requested",
  "approval_approved",
  "approval_refused",
] as const;
export type CartUpdateKind = (typeof CART_UPDATE_KINDS)[number];

export interface CartUpdateProduct {
  ref: string;
  title: string;
  /** The line's quantity after the change (0 for a removed line). */
  qty: number;
}

export interface CartUpdatePayload {
  kind: CartUpdateKind;
  /** The products concerned; empty for a cleared cart, options, details or an order. */
  products: CartUpdateProduct[];
  /** Who did it, as colleagues know them (the contributor's name when acting for a client). */
  author: string;
  orgId: number;
  /** The cart's version after the change: a browser that already shows it need not reload. */
  version: number;
  /** The approval request's number (VAL-000012) for the approval kinds. */
  reference?: string;
  /** The socket of the tab that made the change, when known: it gets no notice. */
  originSocketId?: string;
  /**
   * Set by the server on the copy sent to the author's own browser (its other tabs): they
   * refresh silently, without a notice about their own change.
   */
  own?: boolean;
}
