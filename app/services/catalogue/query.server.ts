import type { ProductListQuery } from "@shared/contracts/api";
import type { ListParams, ListSort } from "./types";

/**
 * The list's state as query parameters (q, marque, stock, promo, tri, page), read leniently:
 * a value that makes no sense falls back to its default and the page says so, instead of an
 * error page. Every state has a URL and works without JavaScript.
 */

export const LIST_SORTS: readonly ListSort[] = ["relevance", "reference", "name", "price_asc", "price_desc"];

export const PER_PAGE = 24;
/** The back-office refuses longer searches and pages further than this. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_PAGE = 10_000;

export interface ParsedListParams {
  params: ListParams;
  /** French notices about parameters that were corrected. */
  notices: string[];
}

function isListSort(value: string): value is ListSort {
  return LIST_SORTS.some((sort) => sort === value);
}

const TRUTHY = new Set(["1", "on", "true", "oui"]);

/**
 * A search as typed, made safe to send: control characters (a NUL from `?q=%00` would make the
 * database refuse the whole query) become spaces, and runs of spaces fold into one.
 */
export function normalizeSearchText(raw: string): string {
  return raw
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface ListParamsOptions {
  /** Price sorts and the promotion filter need prices: without them they would reveal them. */
  canViewPrices: boolean;
}

export function parseListParams(search: URLSearchParams, options: ListParamsOptions): ParsedListParams {
  const notices: string[] = [];

  const rawQuery = normalizeSearchText(search.get("q") ?? "");
  const q = rawQuery.slice(0, MAX_QUERY_LENGTH).trim();
  if (rawQuery.length > MAX_QUERY_LENGTH) notices.push(`Votre recherche a été limitée à ${MAX_QUERY_LENGTH} caractères.`);

  const rawBrand = search.get("marque");
  const brandId = rawBrand !== null && /^\d{1,9}$/.test(rawBrand) && Number(rawBrand) > 0 ? Number(rawBrand) : null;
  if (rawBrand !== null && rawBrand !== "" && brandId === null) notices.push("La marque demandée n'existe pas : le filtre est ignoré.");

  const rawSort = search.get("tri") ?? "";
  let sort: ListSort = "relevance";
  if (isListSort(rawSort) && (options.canViewPrices || !rawSort.startsWith("price"))) sort = rawSort;
  else if (rawSort !== "") notices.push("Ce tri n'existe pas : les produits sont affichés par pertinence.");

  const rawPage = search.get("page");
  let page = 1;
  if (rawPage !== null && rawPage !== "") {
    const number = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 0;
    if (number >= 1 && number <= MAX_PAGE) page = number;
    else notices.push("Cette page n'existe pas : voici la première page.");
  }

  const promoAsked = TRUTHY.has(search.get("promo") ?? "");
  if (promoAsked && !options.canViewPrices)
    notices.push("Le filtre « En promotion » n'est pas disponible pour votre compte : il est ignoré.");

  return {
    params: {
      q,
      brandId,
      inStock: TRUTHY.has(search.get("stock") ?? ""),
      promo: promoAsked && options.canViewPrices,
      sort,
      page,
    },
    notices,
  };
}

/** What the product list asks the back-office, for a category, a brand or the whole catalogue. */
export function toProductListQuery(params: ListParams, usrId: number, scope: { categoryId?: number; brandId?: number }): ProductListQuery {
  return {
    usr_id: usrId,
    category: scope.categoryId,
    // A brand page is that brand whatever the filter says.
    brand: scope.brandId ?? params.brandId ?? undefined,
    q: params.q === "" ? undefined : params.q,
    in_stock: params.inStock ? "1" : undefined,
    promo: params.promo ? "1" : undefined,
    // Without words, "relevance" is the back-office's default order (reference; newest first for favourites).
    sort: params.sort,
    page: params.page,
    per_page: PER_PAGE,
  };
}
