import {
  importPartNumbersResponse,
  partNumber,
  partNumberListResponse,
  partNumberLookupResponse,
  type ImportPartNumbersRequest,
  type ImportPartNumbersResponse,
  type PartNumber,
  type PartNumberListResponse,
} from "@shared/contracts/part-numbers";
import type { UpstreamHttp } from "./http.server";

/**
 * The organization's own part numbers (shared/contracts/part-numbers.ts, docs/part-numbers.md).
 * Reading needs a session of the organization, changing the `cart` right; a code another
 * product of the organization already has is a 409 UpstreamError with its French message.
 */
export interface PartNumbersClient {
  list(orgId: number, query: { q?: string; page: number }): Promise<PartNumberListResponse>;
  /** Product id → own code, for the given products that have one (an empty list asks nothing). */
  lookup(orgId: number, productIds: readonly number[]): Promise<Map<number, string>>;
  set(orgId: number, productId: number, code: string): Promise<PartNumber>;
  remove(orgId: number, productId: number): Promise<void>;
  importCodes(orgId: number, body: ImportPartNumbersRequest): Promise<ImportPartNumbersResponse>;
}

export function createPartNumbersClient(http: UpstreamHttp): PartNumbersClient {
  const base = (orgId: number) => `api/part-numbers/${orgId}`;
  return {
    list: (orgId, query) => http.send({ method: "GET", path: base(orgId), query, schema: partNumberListResponse }),
    async lookup(orgId, productIds) {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const { codes } = await http.send({
        method: "GET",
        path: `${base(orgId)}/lookup`,
        query: { product_ids: ids.join(",") },
        schema: partNumberLookupResponse,
      });
      return new Map(Object.entries(codes).map(([id, code]) => [Number(id), code]));
    },
    set: (orgId, productId, code) => http.send({ method: "PUT", path: `${base(orgId)}/${productId}`, body: { code }, schema: partNumber }),
    remove: (orgId, productId) => http.send({ method: "DELETE", path: `${base(orgId)}/${productId}`, schema: null }).then(() => undefined),
    importCodes: (orgId, body) => http.send({ method: "POST", path: `${base(orgId)}/import`, body, schema: importPartNumbersResponse }),
  };
}
