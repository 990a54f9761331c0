import type { PriceListRow } from "@shared/contracts/price-list";

/**
 * View models of /mon-compte/tarifs, shared by app/services/price-list/ and
 * app/components/price-list/ (docs/price-list.md). Amounts are integer cents, before tax.
 */

export type { PriceListRow };

/** The filters as they are in the URL (GET form, no JavaScript needed). */
export interface PriceListFilterValues {
  q: string;
  marque: string;
  categorie: string;
}

export const PRICE_LIST_FILTER_NAMES = ["q", "marque", "categorie"] as const satisfies readonly (keyof PriceListFilterValues)[];

/** A filter the page did not apply, and why (shown above the list). */
export interface PriceListFilterNotice {
  field: keyof PriceListFilterValues | "page";
  message: string;
}

/** A choice of the brand or category select; `depth` indents sub-categories. */
export interface PriceListOption {
  id: number;
  label: string;
  depth: number;
}

export interface PriceListView {
  rows: PriceListRow[];
  total: number;
  page: number;
  pageCount: number;
  /** YYYY-MM-DD: the day the prices are those of (France). */
  pricedOn: string;
  /** What the form shows: the values typed, the ones ignored included. */
  values: PriceListFilterValues;
  notices: PriceListFilterNotice[];
  brands: PriceListOption[];
  categories: PriceListOption[];
  /** The applied filters as a query string (no page), for the pages' links and the exports. */
  query: string;
}
