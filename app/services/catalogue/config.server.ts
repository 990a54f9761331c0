import { z } from "zod";

/**
 * Tuning of the catalogue, read once from the environment (all optional):
 * - CATALOGUE_STOCK_MODE: "batch" (one /api/wms/stocks?ids= call per page, the default) or
 *   "per-product" (the spec's /api/wms/stocks/{id}, for an upstream that has only that one);
 * - CATALOGUE_STOCK_PACE_MS: the pause between two per-product calls (spec: 1 s);
 * - CATALOGUE_STOCK_WAIT_MS: how long a page waits for the stock before streaming it instead;
 * - CATALOGUE_CACHE_TTL_MS: lifetime of the cached category trees, brands and pim lists.
 */
const catalogueEnv = z.object({
  CATALOGUE_STOCK_MODE: z.enum(["batch", "per-product"]).default("batch"),
  CATALOGUE_STOCK_PACE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  CATALOGUE_STOCK_WAIT_MS: z.coerce.number().int().min(0).max(5000).default(250),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
});

export interface CatalogueConfig {
  stockMode: "batch" | "per-product";
  stockPaceMs: number;
  /** Per-product stock calls stop here so the page's stream ends before the render deadline. */
  stockDeadlineMs: number;
  stockWaitMs: number;
  cacheTtlMs: number;
}

export function readCatalogueConfig(source: NodeJS.ProcessEnv = process.env): CatalogueConfig {
  const parsed = catalogueEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid catalogue configuration: ${parsed.error.issues.map((issue) => issue.path.join(".")).join(", ")}`);
  }
  return {
    stockMode: parsed.data.CATALOGUE_STOCK_MODE,
    stockPaceMs: parsed.data.CATALOGUE_STOCK_PACE_MS,
    stockDeadlineMs: 4000,
    stockWaitMs: parsed.data.CATALOGUE_STOCK_WAIT_MS,
    cacheTtlMs: parsed.data.CATALOGUE_CACHE_TTL_MS,
  };
}

let current: CatalogueConfig | null = null;

/** The configuration of this process (tests may replace it with setCatalogueConfig). */
export function catalogueConfig(): CatalogueConfig {
  current ??= readCatalogueConfig();
  return current;
}

export function setCatalogueConfig(config: Partial<CatalogueConfig>): void {
  current = { ...catalogueConfig(), ...config };
}
