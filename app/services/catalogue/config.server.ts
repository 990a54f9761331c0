/**
 * Tuning of the catalogue (docs/catalogue.md, decision 0041). The server reads it from the
 * environment with the rest of its configuration (server/config/env.ts: CATALOGUE_STOCK_MODE,
 * CATALOGUE_STOCK_PACE_MS, CATALOGUE_STOCK_WAIT_MS, CATALOGUE_CACHE_TTL_MS) and hands it to
 * createPortalServices; whatever it leaves out takes the defaults below.
 */
export interface CatalogueConfig {
  /** "batch": one /api/wms/stocks?ids= call per page; "per-product": the spec's /api/wms/stocks/{id}, one call per product. */
  stockMode: "batch" | "per-product";
  /** The pause between two per-product calls (spec: 1 s). */
  stockPaceMs: number;
  /** Per-product stock calls stop here so the page's stream ends before the render deadline. */
  stockDeadlineMs: number;
  /** How long a page waits for the stock before streaming it instead. */
  stockWaitMs: number;
  /** Lifetime of the cached category trees and brand list. */
  cacheTtlMs: number;
}

export const DEFAULT_CATALOGUE_CONFIG: Readonly<CatalogueConfig> = {
  stockMode: "batch",
  stockPaceMs: 1000,
  stockDeadlineMs: 4000,
  stockWaitMs: 250,
  cacheTtlMs: 300_000,
};

/** The configuration with the defaults for every value not given (an undefined value is not given). */
export function catalogueConfigOf(options: Partial<CatalogueConfig> = {}): CatalogueConfig {
  return {
    stockMode: options.stockMode ?? DEFAULT_CATALOGUE_CONFIG.stockMode,
    stockPaceMs: options.stockPaceMs ?? DEFAULT_CATALOGUE_CONFIG.stockPaceMs,
    stockDeadlineMs: options.stockDeadlineMs ?? DEFAULT_CATALOGUE_CONFIG.stockDeadlineMs,
    stockWaitMs: options.stockWaitMs ?? DEFAULT_CATALOGUE_CONFIG.stockWaitMs,
    cacheTtlMs: options.cacheTtlMs ?? DEFAULT_CATALOGUE_CONFIG.cacheTtlMs,
  };
}
