import {
  eligibleOrdersResponse,
  returnableOrder,
  returnDetail,
  returnListResponse,
  type CreateReturnRequest,
  type EligibleOrdersResponse,
  type ReturnableOrder,
  type ReturnDetail,
  type ReturnListResponse,
  type ReturnStatus,
} from "@shared/contracts/returns";
import type { UpstreamFile, UpstreamHttp } from "./http.server";

/**
 * The organization's returns (shared/contracts/returns.ts, docs/returns.md). The back-office
 * checks the `orders` right, hides amounts without `prices`, and answers another organization's
 * return or order with a 404 UpstreamError.
 */
export interface ReturnsClient {
  list(orgId: number, query: { status?: ReturnStatus; order?: number; page?: number }): Promise<ReturnListResponse>;
  eligible(orgId: number): Promise<EligibleOrdersResponse>;
  returnable(orgId: number, orderId: number): Promise<ReturnableOrder>;
  create(orgId: number, body: CreateReturnRequest): Promise<ReturnDetail>;
  get(orgId: number, number: string): Promise<ReturnDetail>;
  withdraw(orgId: number, number: string): Promise<ReturnDetail>;
  /** The return slip (PDF), streamed. */
  slip(orgId: number, number: string): Promise<UpstreamFile>;
  photo(orgId: number, number: string, photoId: number): Promise<UpstreamFile>;
}

export function createReturnsClient(http: UpstreamHttp): ReturnsClient {
  const base = (orgId: number) => `api/returns/${orgId}`;
  const one = (orgId: number, number: string) => `${base(orgId)}/${encodeURIComponent(number)}`;
  return {
    list: (orgId, query) => {
      const search = new URLSearchParams();
      if (query.status) search.set("status", query.status);
      if (query.order) search.set("order", String(query.order));
      if (query.page && query.page > 1) search.set("page", String(query.page));
      const suffix = search.size > 0 ? `?${search}` : "";
      return http.send({ method: "GET", path: `${base(orgId)}${suffix}`, schema: returnListResponse });
    },
    eligible: (orgId) => http.send({ method: "GET", path: `${base(orgId)}/eligible`, schema: eligibleOrdersResponse }),
    returnable: (orgId, orderId) => http.send({ method: "GET", path: `${base(orgId)}/orders/${orderId}`, schema: returnableOrder }),
    create: (orgId, body) => http.send({ method: "POST", path: base(orgId), body, schema: returnDetail }),
    get: (orgId, number) => http.send({ method: "GET", path: one(orgId, number), schema: returnDetail }),
    withdraw: (orgId, number) => http.send({ method: "POST", path: `${one(orgId, number)}/withdraw`, schema: returnDetail }),
    slip: (orgId, number) => http.download({ method: "GET", path: `${one(orgId, number)}/slip` }),
    photo: (orgId, number, photoId) => http.download({ method: "GET", path: `${one(orgId, number)}/photos/${photoId}` }),
  };
}
