import type { CategoryLink } from "./types";
import { childLinks } from "./category.server";
import { loadProductList, type LoadedProductList } from "./listing.server";
import type { CatalogueUser } from "./user.server";
import { asRouteError } from "~/services/route-errors.server";

export interface CatalogueFamily extends CategoryLink {
  children: CategoryLink[];
}

export type CatalogueHome =
  | { mode: "home"; families: CatalogueFamily[] }
  | ({ mode: "search"; query: string } & LoadedProductList);

/** Parameters that turn the catalogue root into a product list (the header's search, the promotions entry). */
const LIST_PARAMETERS = ["q", "promo", "stock", "marque", "tri", "page"];

/**
 * /catalogue: the first two levels of the tree, or, when the URL carries a search or a filter
 * (/catalogue?q=… from the header's search box, /catalogue?promo=1), the matching products.
 */
export async function loadCatalogueHome(user: CatalogueUser, url: URL): Promise<CatalogueHome> {
  if (LIST_PARAMETERS.some((name) => url.searchParams.has(name))) {
    const loaded = await loadProductList(user, { kind: "search" }, url);
    return { mode: "search", query: loaded.list.params.q, ...loaded };
  }
  const tree = await user.catalogue.caches.categoryTree(user.upstream, user.usrId).catch(asRouteError);
  return {
    mode: "home",
    families: childLinks(tree, []).map((link, index) => ({ ...link, children: childLinks(tree[index]?.obj_childs ?? [], [tree[index]?.obj_slug ?? ""]) })),
  };
}
