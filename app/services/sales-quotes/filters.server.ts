import { QUOTE_STATES } from "@shared/contracts/quotes";
import { definedOnly, filterQuery, listFilterReader, MAX_DATABASE_ID, type ParsedListFilters } from "@shared/domain/list-filters";
import { MAX_QUOTE_SEARCH_LENGTH } from "~/services/quotes/filters.server";
import type { SalesQuoteListFilters } from "~/services/upstream/sales-quotes.server";
import { SALES_QUOTE_FILTER_NAMES } from "./types";

/** The list's orders: the quotes to handle first (the default), or the newest first. */
const SORTS = ["a-traiter", "recents"] as const;

export type ParsedSalesQuoteFilters = ParsedListFilters<SalesQuoteListFilters, (typeof SALES_QUOTE_FILTER_NAMES)[number]>;

/**
 * Reads the representative's list filters from the URL leniently, as the account lists do
 * (docs/decisions/0105, shared/domain/list-filters.ts): a value the back-office would refuse is
 * left out with a French notice and the list still shows. A client outside the contributor's
 * portfolio is checked by the back-office (its list is empty), and by the loader against the
 * clients it answers.
 */
export function parseSalesQuoteFilters(params: URLSearchParams): ParsedSalesQuoteFilters {
  const read = listFilterReader(params, SALES_QUOTE_FILTER_NAMES);
  const filters: SalesQuoteListFilters = definedOnly({
    sort: read.sort("tri", SORTS, "a-traiter"),
    state: read.oneOf("etat", QUOTE_STATES, "État inconnu"),
    org_id: read.id("client", { unknown: "Client inconnu", max: MAX_DATABASE_ID }),
    q: read.search("recherche", { max: MAX_QUOTE_SEARCH_LENGTH }),
  });
  return { filters, ...read.finish() };
}

/** The applied filters as the list's query string (no page, the default order left out). */
export function salesQuoteFilterQuery(filters: SalesQuoteListFilters): string {
  return filterQuery({
    etat: filters.state,
    client: filters.org_id,
    recherche: filters.q,
    tri: filters.sort === "recents" ? "recents" : undefined,
  });
}
