import {
  backorderListResponse,
  cancellationRequest,
  historyResponse,
  orderDetail,
  orderListResponse,
  type CancellationRequest,
  type OrderDetail,
  type OrderListResponse,
  type OrderStatus,
} from "@shared/contracts/orders";
import type { z } from "zod";
import type { UpstreamHttp } from "./http.server";

/** The filters of GET /api/oms/orders, already checked by the portal (orderListQuery). */
export interface OrderListFilters {
  from?: string;
  to?: string;
  status?: OrderStatus;
  ref?: string;
  product?: string;
  author?: number;
}

export interface PageRequest {
  page: number;
  size: number;
}

export type BackorderList = z.infer<typeof backorderListResponse>;
export type PurchaseHistory = z.infer<typeof historyResponse>;

/**
 * The organization's orders as a portal user reads them (docs/backoffice-api.md, /api/oms, a
 * user's token): amounts are null without the `prices` flag; another organization's order is
 * a 404 UpstreamError.
 */
export interface OrdersClient {
  list(orgId: number, filters: OrderListFilters, page: PageRequest): Promise<OrderListResponse>;
  detail(orderId: number): Promise<OrderDetail>;
  backorders(orgId: number, page: PageRequest): Promise<BackorderList>;
  history(orgId: number, q: string | undefined, page: PageRequest): Promise<PurchaseHistory>;
  /** Asks the distributor to cancel a product's remainder on an order (flag `orders`). */
  requestCancellation(orderId: number, body: { obj_id: number; reason: string }): Promise<CancellationRequest>;
}

export function createOrdersClient(http: UpstreamHttp): OrdersClient {
  return {
    list: (orgId, filters, page) =>
      http.send({ method: "GET", path: "api/oms/orders", query: { org_id: orgId, ...filters, ...page }, schema: orderListResponse }),
    detail: (orderId) => http.send({ method: "GET", path: `api/oms/orders/${orderId}/details`, schema: orderDetail }),
    backorders: (orgId, page) =>
      http.send({ method: "GET", path: "api/oms/backorders", query: { org_id: orgId, ...page }, schema: backorderListResponse }),
    history: (orgId, q, page) =>
      http.send({ method: "GET", path: "api/oms/history", query: { org_id: orgId, q, ...page }, schema: historyResponse }),
    requestCancellation: (orderId, body) =>
      http.send({ method: "POST", path: `api/oms/orders/${orderId}/cancellation-requests`, body, schema: cancellationRequest }),
  };
}
