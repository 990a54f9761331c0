import { calendarDate, ORDER_STATUSES, orderStatus } from "@shared/contracts/orders";
import type { OrderListFilters } from "~/services/upstream/orders.server";
import { ORDER_FILTER_NAMES, type FilterNotice, type OrderFilterValues } from "./types";

/** What the back-office accepts in a search field (orderListQuery); longer texts are ignored, not cut. */
export const MAX_SEARCH_LENGTH = 100;
/** The back-office's last page (orderListQuery). */
const MAX_PAGE = 10000;
/** What the form shows back of a value: enough to recognise it, never 5,000 characters. */
const MAX_SHOWN_LENGTH = 200;

export interface ParsedOrderFilters {
  filters: OrderListFilters;
  values: OrderFilterValues;
  notices: FilterNotice[];
  page: number;
}

function searchText(value: string, field: "reference" | "produit", label: string, notices: FilterNotice[]): string | undefined {
  if (value === "") return undefined;
  if (value.length > MAX_SEARCH_LENGTH) {
    notices.push({ field, message: `${label} : la recherche compte au plus ${MAX_SEARCH_LENGTH} caractères, ce filtre est ignoré.` });
    return undefined;
  }
  if (!/^\P{Cc}*$/u.test(value)) {
    notices.push({ field, message: `${label} : la recherche contient des caractères de contrôle, ce filtre est ignoré.` });
    return undefined;
  }
  return value;
}

function dateField(value: string, field: "du" | "au", label: string, notices: FilterNotice[]): string | undefined {
  if (value === "") return undefined;
  if (calendarDate.safeParse(value).success) return value;
  notices.push({ field, message: `${label} : date invalide (format attendu AAAA-MM-JJ), ce filtre est ignoré.` });
  return undefined;
}

/**
 * Reads the order list's filters from the URL (docs/specification.md, /mon-compte/commandes).
 * Bad input never fails the page: each value the back-office would refuse is left out and
 * explained (a notice), so the list shows with the other filters.
 */
export function parseOrderFilters(params: URLSearchParams): ParsedOrderFilters {
  const notices: FilterNotice[] = [];
  const raw = Object.fromEntries(ORDER_FILTER_NAMES.map((name) => [name, (params.get(name) ?? "").trim()])) as unknown as OrderFilterValues;
  const values = Object.fromEntries(
    ORDER_FILTER_NAMES.map((name) => [name, raw[name].slice(0, MAX_SHOWN_LENGTH)]),
  ) as unknown as OrderFilterValues;
  const filters: OrderListFilters = {};

  const from = dateField(raw.du, "du", "Du", notices);
  let to = dateField(raw.au, "au", "Au", notices);
  if (from && to && from > to) {
    notices.push({ field: "au", message: "La date de fin précède la date de début : elle est ignorée." });
    to = undefined;
  }
  if (from) filters.from = from;
  if (to) filters.to = to;

  if (raw.statut !== "") {
    const status = orderStatus.safeParse(raw.statut);
    if (status.success) filters.status = status.data;
    else notices.push({ field: "statut", message: `Statut inconnu (${ORDER_STATUSES.join(", ")}) : ce filtre est ignoré.` });
  }

  const ref = searchText(raw.reference, "reference", "Référence", notices);
  if (ref) filters.ref = ref;
  const product = searchText(raw.produit, "produit", "Produit", notices);
  if (product) filters.product = product;

  if (raw.auteur !== "") {
    if (/^[1-9]\d{0,9}$/.test(raw.auteur)) filters.author = Number(raw.auteur);
    else notices.push({ field: "auteur", message: "Auteur inconnu : ce filtre est ignoré." });
  }

  return { filters, values, notices, page: parsePage(params.get("page"), notices) };
}

/** A page number from the URL: 1 when absent or invalid (explained), at most the back-office's last. */
export function parsePage(value: string | null, notices: FilterNotice[]): number {
  if (value === null || value.trim() === "") return 1;
  const trimmed = value.trim();
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_PAGE) {
    notices.push({ field: "page", message: "Numéro de page invalide : la première page est affichée." });
    return 1;
  }
  return Number(trimmed);
}

/** The applied filters as the list's query string (no page): the pages' links and the export's. */
export function filterQuery(filters: OrderListFilters): string {
  const search = new URLSearchParams();
  if (filters.from) search.set("du", filters.from);
  if (filters.to) search.set("au", filters.to);
  if (filters.status) search.set("statut", filters.status);
  if (filters.ref) search.set("reference", filters.ref);
  if (filters.product) search.set("produit", filters.product);
  if (filters.author) search.set("auteur", String(filters.author));
  return search.toString();
}
