import { CatalogueCaches } from "./cache.server";
import { catalogueConfigOf, type CatalogueConfig } from "./config.server";

/** The catalogue's part of the portal's services: its tuning and its caches, one per services object. */
export interface CatalogueServices {
  config: CatalogueConfig;
  caches: CatalogueCaches;
}

export function createCatalogueServices(options: Partial<CatalogueConfig> = {}): CatalogueServices {
  const config = catalogueConfigOf(options);
  return { config, caches: new CatalogueCaches(config.cacheTtlMs) };
}
