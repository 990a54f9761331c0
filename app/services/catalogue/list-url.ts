import type { ListParams } from "./types";

/** Query string of a list state; defaults are left out so every state has one short URL. */
export function listSearch(params: ListParams, changes: Partial<ListParams> = {}): string {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  if (next.brandId !== null) search.set("marque", String(next.brandId));
  if (next.inStock) search.set("stock", "1");
  if (next.promo) search.set("promo", "1");
  if (next.sort !== "relevance") search.set("tri", next.sort);
  if (next.page > 1) search.set("page", String(next.page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Whether the list is narrowed by a filter (brand, stock, promotion): the search and the sort are not filters. */
export function hasActiveFilters(params: ListParams): boolean {
  return params.brandId !== null || params.inStock || params.promo;
}

/** Query string of the same list without its filters, on its first page (search and sort kept). */
export function unfilteredSearch(params: ListParams): string {
  return listSearch(params, { brandId: null, inStock: false, promo: false, page: 1 });
}

export function productHref(productId: number): string {
  return `/catalogue/produit/${productId}`;
}

export function categoryHref(slugs: readonly string[]): string {
  return `/catalogue/${slugs.map(encodeURIComponent).join("/")}`;
}
