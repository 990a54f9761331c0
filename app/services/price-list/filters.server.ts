import type { Brand } from "@shared/contracts/api";
import type { Category } from "@shared/contracts/entities";
import type { PriceListFilters } from "~/services/upstream/price-list.server";
import { PRICE_LIST_FILTER_NAMES, type PriceListFilterNotice, type PriceListFilterValues, type PriceListOption } from "./types";

/** What the back-office accepts in the search field (priceListQuery); longer texts are ignored, not cut. */
export const MAX_SEARCH_LENGTH = 100;
/** The back-office's last page (priceListQuery). */
const MAX_PAGE = 10000;
/** What the form shows back of a value: enough to recognise it, never 5,000 characters. */
const MAX_SHOWN_LENGTH = 200;

export interface ParsedPriceListFilters {
  filters: PriceListFilters;
  values: PriceListFilterValues;
  notices: PriceListFilterNotice[];
  page: number;
}

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

/** An id of the select: digits naming one of `known` (when the list could be read). */
function knownId(value: string, known: readonly PriceListOption[] | null): number | undefined {
  if (!/^[1-9]\d{0,8}$/.test(value)) return undefined;
  const id = Number(value);
  return known === null || known.some((option) => option.id === id) ? id : undefined;
}

/** A page number from the URL: 1 when absent or invalid (explained). */
function parsePage(value: string | null, notices: PriceListFilterNotice[]): number {
  if (value === null || value.trim() === "") return 1;
  const trimmed = value.trim();
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_PAGE) {
    notices.push({ field: "page", message: "Numéro de page invalide : la première page est affichée." });
    return 1;
  }
  return Number(trimmed);
}

/**
 * Reads the price list's filters from the URL (docs/price-list.md). Bad input never fails the
 * page: a value the back-office would refuse, or a brand or category that does not exist, is
 * left out and explained (a notice); other parameters are ignored. `brands` and `categories`
 * are null when their list could not be read: an id is then passed on as it is.
 */
export function parsePriceListFilters(
  params: URLSearchParams,
  brands: readonly PriceListOption[] | null,
  categories: readonly PriceListOption[] | null,
): ParsedPriceListFilters {
  const notices: PriceListFilterNotice[] = [];
  const raw = Object.fromEntries(PRICE_LIST_FILTER_NAMES.map((name) => [name, (params.get(name) ?? "").trim()])) as unknown as PriceListFilterValues;
  const values = Object.fromEntries(PRICE_LIST_FILTER_NAMES.map((name) => [name, raw[name].slice(0, MAX_SHOWN_LENGTH)])) as unknown as PriceListFilterValues;
  const filters: PriceListFilters = {};

  if (raw.q !== "") {
    if (raw.q.length > MAX_SEARCH_LENGTH) {
      notices.push({ field: "q", message: `Recherche : au plus ${MAX_SEARCH_LENGTH} caractères, ce filtre est ignoré.` });
    } else if (!/^\P{Cc}*$/u.test(raw.q)) {
      notices.push({ field: "q", message: "Recherche : caractères de contrôle refusés, ce filtre est ignoré." });
    } else {
      filters.q = raw.q;
    }
  }
  if (raw.marque !== "") {
    const brand = knownId(raw.marque, brands);
    if (brand === undefined) notices.push({ field: "marque", message: "Marque inconnue : ce filtre est ignoré." });
    else filters.brand = brand;
  }
  if (raw.categorie !== "") {
    const category = knownId(raw.categorie, categories);
    if (category === undefined) notices.push({ field: "categorie", message: "Catégorie inconnue : ce filtre est ignoré." });
    else filters.category = category;
  }
  return { filters, values, notices, page: parsePage(params.get("page"), notices) };
}

/** The applied filters as the list's query string (no page): the pages' links and the exports'. */
export function priceListQueryString(filters: PriceListFilters): string {
  const search = new URLSearchParams();
  if (filters.q) search.set("q", filters.q);
  if (filters.brand) search.set("marque", String(filters.brand));
  if (filters.category) search.set("categorie", String(filters.category));
  return search.toString();
}
