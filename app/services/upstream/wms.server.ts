import { stockBatchResponse } from "@shared/contracts/api";
import { stock, type Stock } from "@shared/contracts/entities";
import type { UpstreamHttp } from "./http.server";

/** The most ids the batch endpoint takes in one call (shared/contracts/api.ts stockBatchQuery). */
export const STOCK_BATCH_MAX = 100;

/** The back-office's /api/wms endpoints. */
export interface WmsClient {
  /** The spec's per-product call (one product, paced by the caller). */
  getStock(productId: number): Promise<Stock>;
  /** Stock of many products in one call; unknown ids are left out of the answer. */
  getStocks(productIds: readonly number[]): Promise<Stock[]>;
}

export function createWmsClient(http: UpstreamHttp): WmsClient {
  return {
    getStock: (productId) => http.send({ method: "GET", path: `api/wms/stocks/${productId}`, schema: stock }),
    async getStocks(productIds) {
      const unique = [...new Set(productIds)];
      const batches: number[][] = [];
      for (let start = 0; start < unique.length; start += STOCK_BATCH_MAX) batches.push(unique.slice(start, start + STOCK_BATCH_MAX));
      const answers = await Promise.all(
        batches.map((ids) =>
          http.send({ method: "GET", path: "api/wms/stocks", query: { ids: ids.join(",") }, schema: stockBatchResponse }),
        ),
      );
      return answers.flat();
    },
  };
}
