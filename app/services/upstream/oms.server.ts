import {
  freeShippingResponse,
  order,
  savedCartAnswer,
  shippingProductsResponse,
  type Order,
  type SavedCart,
  type SavedCartAnswer,
} from "@shared/contracts/api";
import type { confirmRequest } from "@shared/contracts/api";
import type { z } from "zod";
import type { ShippingProduct } from "@shared/contracts/entities";
import { leanCart } from "@shared/domain/index";
import { CartCache } from "./cart-cache.server";
import { heldCart, isPricedCart, type HeldCart } from "./held-cart.server";
import { UpstreamError, type Tagged, type UpstreamHttp } from "./http.server";

/** The back-office's /api/oms endpoints used so far; the cart and checkout issues extend it. */
export interface OmsClient {
  /** The cart as this account may read it (HeldCart: amounts hidden without `prices`). */
  getCart(orgId: number): Promise<HeldCart>;
  /**
   * The cart this process last read or saved, possibly stale: only a base for a change whose
   * versioned save refuses it (409) when a colleague saved meanwhile. Never shown as it is.
   * Only carts read with their amounts are kept: colleagues share this cache.
   */
  lastKnownCart(orgId: number): SavedCart | undefined;
  listShippingProducts(): Promise<ShippingProduct[]>;
  /** Saves the cart made on `version`; a 409 UpstreamError (code cart_conflict) when it is stale. */
  saveCart(orgId: number, saved: SavedCart): Promise<HeldCart>;
  /** Free-shipping eligibility of the organization (usr_id is the acting organization). */
  getFreeShipping(orgId: number): Promise<boolean>;
  /**
   * Confirms the cart as an order, ONCE: never retried (a POST). `created` is false when the
   * back-office recognised the idempotency key and answered the order it already had.
   */
  confirmOrder(orgId: number, body: ConfirmBody, author: OrderAuthor): Promise<{ order: Order; created: boolean }>;
  /** One order of the organization; a 404 UpstreamError for another organization's. */
  getOrder(orderId: number): Promise<Order>;
}

export type ConfirmBody = z.infer<typeof confirmRequest>;
/** Whom the order is recorded under: the master after login-as, otherwise the user. */
export interface OrderAuthor {
  usrId: number;
  usrName: string;
}

/** The back-office's answer to a save made on an older version of the cart. */
export const CART_CONFLICT_CODE = "cart_conflict";

/** `carts` is the process's cache (cart-cache.server.ts); each client gets its own otherwise. */
export function createOmsClient(http: UpstreamHttp, carts: CartCache = new CartCache()): OmsClient {
  /**
   * An answer without its amounts (decision 0131) is never kept: a colleague with `prices`
   * must not be shown it. Its tag differs from the priced one's, so neither revalidates the other.
   */
  const held = (orgId: number, answer: Tagged<SavedCartAnswer>): HeldCart => {
    // Checked just above: the answer's cart is a whole one, so the tagged answer is a SavedCart's.
    if (isPricedCart(answer.value.cart)) return carts.remember(orgId, answer as Tagged<SavedCart>);
    return heldCart(answer.value);
  };
  return {
    getCart: async (orgId) => {
      const known = carts.get(orgId);
      const answer = await http.exchange({ method: "GET", path: `api/oms/cart/${orgId}`, schema: savedCartAnswer }, known);
      return held(orgId, answer);
    },
    lastKnownCart: (orgId) => carts.get(orgId)?.value,
    listShippingProducts: () => http.send({ method: "GET", path: "api/oms/products/port", schema: shippingProductsResponse }),
    saveCart: async (orgId, saved) => {
      const answer = await http
        .exchange({
          method: "POST",
          path: `api/oms/cart/${orgId}`,
          body: { version: saved.version, cart: leanCart(saved.cart) },
          schema: savedCartAnswer,
        })
        .catch((error: unknown) => {
          // Refused for what the catalogue now says (a product discontinued since): the held
          // cart, tagged with the same version, would keep showing it as it was. The next read
          // asks for the cart whole and gets it rebuilt, its line marked (decision 0095).
          if (error instanceof UpstreamError && error.status === 422) carts.forget(orgId);
          throw error;
        });
      // The saved cart is the one the next page will show: no need to read it again.
      return held(orgId, answer);
    },
    getFreeShipping: (orgId) =>
      http
        .send({ method: "GET", path: "api/oms/free-shipping", query: { usr_id: orgId }, schema: freeShippingResponse })
        .then((answer) => answer.eligible),
    async confirmOrder(orgId, body, author) {
      let status = 0;
      const confirmed = await http.send({
        method: "POST",
        path: `api/oms/cart/${orgId}/confirm`,
        query: { usr_id: author.usrId, usr_name: author.usrName },
        body,
        schema: order,
        onStatus: (answered) => void (status = answered),
      });
      return { order: confirmed, created: status === 201 };
    },
    getOrder: (orderId) => http.send({ method: "GET", path: `api/oms/orders/${orderId}`, schema: order }),
  };
}
