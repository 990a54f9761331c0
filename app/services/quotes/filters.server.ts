import { calendarDate } from "@shared/contracts/orders";
import type { QuoteListFilters } from "~/services/upstream/quotes.server";
import { filterValues, pageFilter, searchFilter, stateFilter } from "./filter-fields.server";
import { QUOTE_FILTER_NAMES, type QuoteFilterNotice, type QuoteFilterValues } from "./types";

export interface ParsedQuoteFilters {
  filters: QuoteListFilters;
  values: QuoteFilterValues;
  notices: QuoteFilterNotice[];
  page: number;
}

function dateField(value: string, field: "du" | "au", label: string, notices: QuoteFilterNotice[]): string | undefined {
  if (value === "") return undefined;
  if (calendarDate.safeParse(value).success) return value;
  notices.push({ field, message: `${label} : date invalide (format attendu AAAA-MM-JJ), ce filtre est ignoré.` });
  return undefined;
}

/**
 * Reads the quote list's filters from the URL, leniently as the other account lists do
 * (docs/decisions/0105): unknown parameters are ignored, each value the back-office would
 * refuse is left out with a French notice, and the list still shows.
 */
export function parseQuoteFilters(params: URLSearchParams): ParsedQuoteFilters {
  const notices: QuoteFilterNotice[] = [];
  const { raw, values } = filterValues(params, QUOTE_FILTER_NAMES);
  const filters: QuoteListFilters = {};

  const state = stateFilter(raw.etat, notices);
  if (state) filters.state = state;

  const from = dateField(raw.du, "du", "Du", notices);
  let to = dateField(raw.au, "au", "Au", notices);
  if (from && to && from > to) {
    notices.push({ field: "au", message: "La date de fin précède la date de début : elle est ignorée." });
    to = undefined;
  }
  if (from) filters.from = from;
  if (to) filters.to = to;

  const q = searchFilter(raw.recherche, notices);
  if (q) filters.q = q;

  return { filters, values, notices, page: pageFilter(params.get("page"), notices) };
}

/** The applied filters as the list's query string (no page): the pages' links. */
export function quoteFilterQuery(filters: QuoteListFilters): string {
  const search = new URLSearchParams();
  if (filters.state) search.set("etat", filters.state);
  if (filters.from) search.set("du", filters.from);
  if (filters.to) search.set("au", filters.to);
  if (filters.q) search.set("recherche", filters.q);
  return search.toString();
}
