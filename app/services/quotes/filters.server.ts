import { QUOTE_STATES } from "@shared/contracts/quotes";
import { definedOnly, filterQuery, listFilterReader, type ParsedListFilters } from "@shared/domain/list-filters";
import type { QuoteListFilters } from "~/services/upstream/quotes.server";
import { QUOTE_FILTER_NAMES } from "./types";

/** What the back-office accepts in a quote list's search (quoteListQuery): a longer one is ignored, not cut. */
export const MAX_QUOTE_SEARCH_LENGTH = 100;

export type ParsedQuoteFilters = ParsedListFilters<QuoteListFilters, (typeof QUOTE_FILTER_NAMES)[number]>;

/**
 * Reads the quote list's filters from the URL, leniently as the other account lists do
 * (docs/decisions/0105, shared/domain/list-filters.ts): unknown parameters are ignored, each
 * value the back-office would refuse is left out with a French notice, and the list still shows.
 */
export function parseQuoteFilters(params: URLSearchParams): ParsedQuoteFilters {
  const read = listFilterReader(params, QUOTE_FILTER_NAMES);
  const filters: QuoteListFilters = definedOnly({
    state: read.oneOf("etat", QUOTE_STATES, "État inconnu"),
    ...read.period("du", "au"),
    q: read.search("recherche", { max: MAX_QUOTE_SEARCH_LENGTH }),
  });
  return { filters, ...read.finish() };
}

/** The applied filters as the list's query string (no page): the pages' links. */
export function quoteFilterQuery(filters: QuoteListFilters): string {
  return filterQuery({ etat: filters.state, du: filters.from, au: filters.to, recherche: filters.q });
}
