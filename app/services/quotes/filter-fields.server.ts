import { QUOTE_STATES, quoteState, type QuoteState } from "@shared/contracts/quotes";

/**
 * The filter fields both quote lists read alike (the customer's /mon-compte/mes-devis and the
 * representative's /clients/devis), leniently as the account lists do (docs/decisions/0105):
 * a value the back-office would refuse is left out with a French notice, the list still shows.
 */

/** What the back-office accepts in the search (quoteListQuery): a longer one is ignored, not cut. */
const MAX_SEARCH_LENGTH = 100;
/** The back-office's last page. */
const MAX_PAGE = 10000;
/** What the form shows back of a value: enough to recognise it, never 5,000 characters. */
const MAX_SHOWN_LENGTH = 200;

/** Where the notices go; each list's own type narrows `field` to its names. */
type Notices = { field: string; message: string }[];

/** The URL's values of `names`, trimmed (`raw`, what is checked) and cut to be shown back (`values`). */
export function filterValues<Name extends string>(params: URLSearchParams, names: readonly Name[]): { raw: Record<Name, string>; values: Record<Name, string> } {
  const raw = Object.fromEntries(names.map((name) => [name, (params.get(name) ?? "").trim()])) as Record<Name, string>;
  const values = Object.fromEntries(names.map((name) => [name, raw[name].slice(0, MAX_SHOWN_LENGTH)])) as Record<Name, string>;
  return { raw, values };
}

/** `etat`: one of the quote states. */
export function stateFilter(value: string, notices: Notices): QuoteState | undefined {
  if (value === "") return undefined;
  const state = quoteState.safeParse(value);
  if (state.success) return state.data;
  notices.push({ field: "etat", message: `État inconnu (${QUOTE_STATES.join(", ")}) : ce filtre est ignoré.` });
  return undefined;
}

/** `recherche`: a number or a reference, without control characters. */
export function searchFilter(value: string, notices: Notices): string | undefined {
  if (value === "") return undefined;
  if (value.length > MAX_SEARCH_LENGTH) {
    notices.push({ field: "recherche", message: `Recherche : au plus ${MAX_SEARCH_LENGTH} caractères, ce filtre est ignoré.` });
    return undefined;
  }
  if (!/^\P{Cc}*$/u.test(value)) {
    notices.push({ field: "recherche", message: "Recherche : caractères de contrôle, ce filtre est ignoré." });
    return undefined;
  }
  return value;
}

/** `page`: 1 when absent or invalid (explained), at most the back-office's last. */
export function pageFilter(value: string | null, notices: Notices): number {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return 1;
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_PAGE) {
    notices.push({ field: "page", message: "Numéro de page invalide : la première page est affichée." });
    return 1;
  }
  return Number(trimmed);
}

/** The list's page count for `total` quotes; a page asked past it is said (the page shows empty). */
export function quotePageCount(total: number, pageSize: number, page: number, notices: Notices): number {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) notices.push({ field: "page", message: `Il n'y a que ${pageCount} page${pageCount > 1 ? "s" : ""} de devis.` });
  return pageCount;
}
