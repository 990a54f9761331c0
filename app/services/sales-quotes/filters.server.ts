import { filterValues, pageFilter, searchFilter, stateFilter } from "~/services/quotes/filter-fields.server";
import type { SalesQuoteListFilters } from "~/services/upstream/sales-quotes.server";
import { SALES_QUOTE_FILTER_NAMES, type SalesQuoteFilterNotice, type SalesQuoteFilterValues } from "./types";

export interface ParsedSalesQuoteFilters {
  filters: SalesQuoteListFilters;
  values: SalesQuoteFilterValues;
  notices: SalesQuoteFilterNotice[];
  page: number;
}

/**
 * Reads the representative's list filters from the URL leniently, as the account lists do
 * (docs/decisions/0105): a value the back-office would refuse is left out with a French
 * notice and the list still shows. A client outside the contributor's portfolio is checked
 * by the back-office (its list is empty), and by the loader against the clients it answers.
 */
export function parseSalesQuoteFilters(params: URLSearchParams): ParsedSalesQuoteFilters {
  const notices: SalesQuoteFilterNotice[] = [];
  const { raw, values } = filterValues(params, SALES_QUOTE_FILTER_NAMES);
  const filters: SalesQuoteListFilters = { sort: raw.tri === "recents" ? "recents" : "a-traiter" };

  const state = stateFilter(raw.etat, notices);
  if (state) filters.state = state;
  if (raw.client !== "") {
    if (/^[1-9]\d{0,9}$/.test(raw.client) && Number(raw.client) <= 2147483647) filters.org_id = Number(raw.client);
    else notices.push({ field: "client", message: "Client inconnu : ce filtre est ignoré." });
  }
  const q = searchFilter(raw.recherche, notices);
  if (q) filters.q = q;
  return { filters, values, notices, page: pageFilter(params.get("page"), notices) };
}

/** The applied filters as the list's query string (no page, the default order left out). */
export function salesQuoteFilterQuery(filters: SalesQuoteListFilters): string {
  const search = new URLSearchParams();
  if (filters.state) search.set("etat", filters.state);
  if (filters.org_id !== undefined) search.set("client", String(filters.org_id));
  if (filters.q) search.set("recherche", filters.q);
  if (filters.sort === "recents") search.set("tri", "recents");
  return search.toString();
}
