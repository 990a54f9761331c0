import { redirect } from "@remix-run/node";
import type { CategoryLink, ProductCardView } from "./types";
import { productHref } from "./list-url";
import { childLinks } from "./category.server";
import { loadProductList, type LoadedProductList } from "./listing.server";
import { categoryTreeOf, type CatalogueUser } from "./user.server";
import { asRouteError } from "~/services/route-errors.server";

export interface CatalogueFamily extends CategoryLink {
  children: CategoryLink[];
}

export type CatalogueHome = { mode: "home"; families: CatalogueFamily[] } | ({ mode: "search"; query: string } & LoadedProductList);

/** Parameters that turn the catalogue root into a product list (the header's search, the promotions entry). */
const LIST_PARAMETERS = ["q", "promo", "stock", "marque", "tri", "page"];

/** References compare as the back-office stores them: upper case, without spaces. */
function normalizedRef(text: string): string {
  return text.toUpperCase().replace(/\s+/g, "");
}

/**
 * The listed product whose reference is exactly the search (case and spaces ignored): a buyer
 * who types a reference wants that product's page, not a list of one. The search ranks it
 * first, so it is on the first page when it is listed at all.
 */
function exactReferenceOf(items: readonly ProductCardView[], q: string): ProductCardView | undefined {
  if (q === "") return undefined;
  const wanted = normalizedRef(q);
  return items.find((item) => normalizedRef(item.ref) === wanted);
}

/**
 * /catalogue: the first two levels of the tree, or, when the URL carries a search or a filter
 * (/catalogue?q=… from the header's search box, /catalogue?promo=1), the matching products;
 * a search that is a product's exact reference goes to that product's page, and so does one of
 * the organization's own codes (the back-office says which product it found so, issue 38). A
 * real reference wins over a code.
 */
export async function loadCatalogueHome(user: CatalogueUser, url: URL): Promise<CatalogueHome> {
  if (LIST_PARAMETERS.some((name) => url.searchParams.has(name))) {
    const { ownCodeProductId, ...loaded } = await loadProductList(user, { kind: "search" }, url);
    const exact =
      exactReferenceOf(loaded.list.items, loaded.list.params.q) ?? loaded.list.items.find((item) => item.id === ownCodeProductId);
    if (exact) throw redirect(productHref(exact.id));
    return { mode: "search", query: loaded.list.params.q, ...loaded };
  }
  const tree = await categoryTreeOf(user).catch(asRouteError);
  return {
    mode: "home",
    families: childLinks(tree, []).map((link, index) => ({
      ...link,
      children: childLinks(tree[index]?.obj_childs ?? [], [tree[index]?.obj_slug ?? ""]),
    })),
  };
}
