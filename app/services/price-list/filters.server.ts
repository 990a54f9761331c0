import type { Brand } from "@shared/contracts/api";
import type { Category } from "@shared/contracts/entities";
import { definedOnly, filterQuery, listFilterReader, type ParsedListFilters } from "@shared/domain/list-filters";
import type { PriceListFilters } from "~/services/upstream/price-list.server";
import { PRICE_LIST_FILTER_NAMES, type PriceListOption } from "./types";

/** What the back-office accepts in the search field (priceListQuery); longer texts are ignored, not cut. */
export const MAX_SEARCH_LENGTH = 100;
/** A brand's or category's id has at most nine digits (priceListQuery). */
const MAX_OPTION_ID = 999_999_999;

export type ParsedPriceListFilters = ParsedListFilters<PriceListFilters, (typeof PRICE_LIST_FILTER_NAMES)[number]>;

/** The brands as the select offers them, A to Z as the back-office sends them. */
export function brandOptions(brands: readonly Brand[]): PriceListOption[] {
  return brands.map((brand) => ({ id: brand.obj_id, label: brand.obj_title, depth: 0 }));
}

/** The category tree, depth first, each category under its parent. */
export function categoryOptions(tree: readonly Category[]): PriceListOption[] {
  const options: PriceListOption[] = [];
  const visit = (node: Category, depth: number): void => {
    options.push({ id: node.obj_id, label: node.obj_title, depth });
    node.obj_childs.forEach((child) => visit(child, depth + 1));
  };
  tree.forEach((node) => visit(node, 0));
  return options;
}

/** The ids a select offers, or null when its list could not be read. */
const idsOf = (options: readonly PriceListOption[] | null) => (options === null ? null : options.map((option) => option.id));

/**
 * Reads the price list's filters from the URL (docs/price-list.md), leniently (decision 0105,
 * shared/domain/list-filters.ts): a value the back-office would refuse, or a brand or category
 * that does not exist, is left out and explained (a notice); other parameters are ignored.
 * `brands` and `categories` are null when their list could not be read: an id is then passed on
 * as it is.
 */
export function parsePriceListFilters(
  params: URLSearchParams,
  brands: readonly PriceListOption[] | null,
  categories: readonly PriceListOption[] | null,
): ParsedPriceListFilters {
  const read = listFilterReader(params, PRICE_LIST_FILTER_NAMES);
  const filters: PriceListFilters = definedOnly({
    q: read.search("q", { max: MAX_SEARCH_LENGTH }),
    brand: read.id("marque", { unknown: "Marque inconnue", max: MAX_OPTION_ID, known: idsOf(brands) }),
    category: read.id("categorie", { unknown: "Catégorie inconnue", max: MAX_OPTION_ID, known: idsOf(categories) }),
  });
  return { filters, ...read.finish() };
}

/** The applied filters as the list's query string (no page): the pages' links and the exports'. */
export function priceListQueryString(filters: PriceListFilters): string {
  return filterQuery({ q: filters.q, marque: filters.brand, categorie: filters.category });
}
