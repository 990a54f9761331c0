import {
  importListLinesResponse,
  orderListDetail,
  orderListsResponse,
  type CreateOrderListRequest,
  type ImportListLinesRequest,
  type ImportListLinesResponse,
  type ListLineInput,
  type OrderListDetail,
  type OrderListsResponse,
  type UpdateOrderListRequest,
} from "@shared/contracts/order-lists";
import type { UpstreamHttp } from "./http.server";

/**
 * The organization's order lists (shared/contracts/order-lists.ts, docs/order-lists.md). The
 * back-office checks the `cart` right and who sees and changes a list: a private list of
 * someone else, or another organization's, is a 404 UpstreamError; a shared list its author
 * and the administrators change, others get a 403.
 */
export interface OrderListsClient {
  list(orgId: number): Promise<OrderListsResponse>;
  get(orgId: number, id: number): Promise<OrderListDetail>;
  create(orgId: number, body: CreateOrderListRequest): Promise<OrderListDetail>;
  update(orgId: number, id: number, body: UpdateOrderListRequest): Promise<OrderListDetail>;
  remove(orgId: number, id: number): Promise<void>;
  replaceLines(orgId: number, id: number, lines: ListLineInput[]): Promise<OrderListDetail>;
  addLines(orgId: number, id: number, lines: ListLineInput[]): Promise<OrderListDetail>;
  importLines(orgId: number, id: number, body: ImportListLinesRequest): Promise<ImportListLinesResponse>;
}

export function createOrderListsClient(http: UpstreamHttp): OrderListsClient {
  const base = (orgId: number) => `api/order-lists/${orgId}`;
  return {
    list: (orgId) => http.send({ method: "GET", path: base(orgId), schema: orderListsResponse }),
    get: (orgId, id) => http.send({ method: "GET", path: `${base(orgId)}/${id}`, schema: orderListDetail }),
    create: (orgId, body) => http.send({ method: "POST", path: base(orgId), body, schema: orderListDetail }),
    update: (orgId, id, body) => http.send({ method: "PATCH", path: `${base(orgId)}/${id}`, body, schema: orderListDetail }),
    remove: (orgId, id) => http.send({ method: "DELETE", path: `${base(orgId)}/${id}`, schema: null }).then(() => undefined),
    replaceLines: (orgId, id, lines) =>
      http.send({ method: "PUT", path: `${base(orgId)}/${id}/lines`, body: { lines }, schema: orderListDetail }),
    addLines: (orgId, id, lines) =>
      http.send({ method: "POST", path: `${base(orgId)}/${id}/lines`, body: { lines }, schema: orderListDetail }),
    importLines: (orgId, id, body) =>
      http.send({ method: "POST", path: `${base(orgId)}/${id}/import`, body, schema: importListLinesResponse }),
  };
}
