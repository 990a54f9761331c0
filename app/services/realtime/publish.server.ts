import type { CartUpdatePayload, CartUpdateProduct } from "@shared/realtime/protocol";
import type { CartEvent } from "~/services/cart/types";
import type { PortalLoadContext } from "~/services/context.server";
import type { PortalSession } from "~/services/session.server";

/**
 * From "what a cart change did" (cart-events.server.ts) to the 'cart-update' message, and the
 * one call actions make to publish it. The author and the organization come from the session,
 * never from the browser; the author's browser is excluded from the notices.
 */

export type PublishedCartEvent = CartEvent | { kind: "order_confirmed" };

const MAX_PRODUCTS = 500;

function product(ref: CartUpdateProduct): CartUpdateProduct {
  return { ref: ref.ref.slice(0, 60), title: ref.title.slice(0, 300), qty: Math.max(0, ref.qty) };
}

function productsOf(event: PublishedCartEvent): CartUpdateProduct[] {
  switch (event.kind) {
    case "added":
    case "quantities":
      return event.products.slice(0, MAX_PRODUCTS).map(product);
    case "quantity":
    case "certificates":
      return [product(event.product)];
    case "removed":
      return event.product ? [product(event.product)] : [];
    case "cleared":
    case "options":
    case "details":
    case "order_confirmed":
      return [];
  }
}

/** The name colleagues know: the contributor's when it acts for the client. */
export function authorNameOf(session: PortalSession): string {
  return (session.master ?? session.user).obj_name;
}

export function cartUpdateFor(session: PortalSession, event: PublishedCartEvent, version: number): CartUpdatePayload {
  return {
    kind: event.kind,
    products: productsOf(event),
    author: authorNameOf(session),
    orgId: session.user.auth_org_id,
    version,
  };
}

/**
 * Publishes after a successful save or an order confirmation. It never throws: the change is
 * saved already, and a lost notice is caught up by the next page load.
 */
export function publishCartChange(
  context: Pick<PortalLoadContext, "realtime" | "logger">,
  session: PortalSession,
  event: PublishedCartEvent,
  version: number,
): void {
  try {
    context.realtime.publishCartUpdate(session.user.auth_org_id, cartUpdateFor(session, event, version), {
      sessionKey: session.sid,
    });
  } catch (error) {
    context.logger.error({ error: String(error) }, "cart-update publish failed");
  }
}
