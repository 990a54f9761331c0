import {
  freeShippingResponse,
  savedCart,
  shippingProductsResponse,
  type SavedCart,
} from "../../../shared/contracts/api";
import type { Cart, ShippingProduct } from "../../../shared/contracts/entities";
import type { UpstreamHttp } from "./http.server";

/** The back-office's /api/oms endpoints used so far; the cart and checkout issues extend it. */
export interface OmsClient {
  getCart(orgId: number): Promise<SavedCart>;
  listShippingProducts(): Promise<ShippingProduct[]>;
  /** Saves the cart made on `version`; a 409 UpstreamError (code cart_conflict) when it is stale. */
  saveCart(orgId: number, saved: SavedCart): Promise<SavedCart>;
  /** Free-shipping eligibility of the organization (usr_id is the acting organization). */
  getFreeShipping(orgId: number): Promise<boolean>;
}

/** The back-office's answer to a save made on an older version of the cart. */
export const CART_CONFLICT_CODE = "cart_conflict";

export function createOmsClient(http: UpstreamHttp): OmsClient {
  return {
    getCart: (orgId) => http.send({ method: "GET", path: `api/oms/cart/${orgId}`, schema: savedCart }),
    listShippingProducts: () =>
      http.send({ method: "GET", path: "api/oms/products/port", schema: shippingProductsResponse }),
    saveCart: (orgId, saved) =>
      http.send({
        method: "POST",
        path: `api/oms/cart/${orgId}`,
        body: { version: saved.version, cart: saved.cart satisfies Cart },
        schema: savedCart,
      }),
    getFreeShipping: (orgId) =>
      http
        .send({ method: "GET", path: "api/oms/free-shipping", query: { usr_id: orgId }, schema: freeShippingResponse })
        .then((answer) => answer.eligible),
  };
}

/** Number of products in a cart, shipping lines excluded (what the header badge shows). */
export function countCartProducts(saved: SavedCart): number {
  return saved.cart.products.filter((line) => !line.prd_is_port).length;
}
