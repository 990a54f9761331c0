import { ORDER_STATUSES } from "@shared/contracts/orders";
import { definedOnly, filterQuery as queryOf, listFilterReader, type ParsedListFilters } from "@shared/domain/list-filters";
import type { OrderListFilters } from "~/services/upstream/orders.server";
import { ORDER_FILTER_NAMES } from "./types";

/** What the back-office accepts in a search field (orderListQuery); longer texts are ignored, not cut. */
export const MAX_SEARCH_LENGTH = 100;

export type ParsedOrderFilters = ParsedListFilters<OrderListFilters, (typeof ORDER_FILTER_NAMES)[number]>;

/**
 * Reads the order list's filters from the URL (docs/specification.md, /mon-compte/commandes),
 * leniently (decision 0105, shared/domain/list-filters.ts): each value the back-office would
 * refuse is left out and explained, the list shows with the other filters.
 */
export function parseOrderFilters(params: URLSearchParams): ParsedOrderFilters {
  const read = listFilterReader(params, ORDER_FILTER_NAMES);
  const filters: OrderListFilters = definedOnly({
    ...read.period("du", "au"),
    status: read.oneOf("statut", ORDER_STATUSES, "Statut inconnu"),
    ref: read.search("reference", { label: "Référence", max: MAX_SEARCH_LENGTH }),
    product: read.search("produit", { label: "Produit", max: MAX_SEARCH_LENGTH }),
    author: read.id("auteur", { unknown: "Auteur inconnu" }),
  });
  return { filters, ...read.finish() };
}

/** The applied filters as the list's query string (no page): the pages' links and the export's. */
export function filterQuery(filters: OrderListFilters): string {
  return queryOf({
    du: filters.from,
    au: filters.to,
    statut: filters.status,
    reference: filters.ref,
    produit: filters.product,
    auteur: filters.author,
  });
}
