import { calendarDate } from "../contracts/primitives";

/**
 * How the portal's lists read their filters from the URL (docs/decisions/0168): the invoices,
 * orders, price list and both quote lists declare their fields on a `ListFilterReader`.
 * Leniently, as decision 0105 set: each value is checked on its own with the back-office's
 * rules; a refused one is left out of the call and explained by a French notice, the other
 * filters still apply and the page never fails.
 */

/** The back-office's last page (every list query: `page` 1 to 10 000). */
export const MAX_PAGE = 10000;
/** What a form shows back of a value: enough to recognise it, never 5,000 characters. */
export const MAX_SHOWN_LENGTH = 200;
/** The largest id the database holds (a PostgreSQL integer). */
export const MAX_DATABASE_ID = 2_147_483_647;

export const PAGE_REFUSED = "Numéro de page invalide : la première page est affichée.";

/** A filter the page did not apply, and why (shown above the list). */
export interface FilterNotice<Field extends string> {
  field: Field;
  message: string;
}

/** A search box: `label` names what it searches (« Numéro »); without one it is the list's own « Recherche ». */
export interface SearchRule {
  max: number;
  label?: string;
}

/** An id typed in the URL: the words of its notice, its bound, and the ids that exist when they are known. */
export interface IdRule {
  /** « Marque inconnue », « Client inconnu ». */
  unknown: string;
  max?: number;
  /** The ids the select offers; null when they could not be read (an id is then passed on as it is). */
  known?: readonly number[] | null;
}

/** A page number from the URL: 1 when absent, 1 with a notice when it is not one the back-office serves. */
export function readPage<Field extends string>(value: string | null, notices: FilterNotice<Field | "page">[]): number {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return 1;
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_PAGE) {
    notices.push({ field: "page", message: PAGE_REFUSED });
    return 1;
  }
  return Number(trimmed);
}

/** How many pages `total` rows make (at least one); a page asked past the last is said, « Il n'y a que 2 pages de factures. ». */
export function pageCountOf<Field extends string>(
  total: number,
  pageSize: number,
  page: number,
  ofWhat: string,
  notices: FilterNotice<Field | "page">[],
): number {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) notices.push({ field: "page", message: `Il n'y a que ${pageCount} page${pageCount > 1 ? "s" : ""} ${ofWhat}.` });
  return pageCount;
}

/** The object without its undefined entries: the filters sent are only those applied. */
export function definedOnly<Shape extends object>(shape: Shape): Shape {
  return Object.fromEntries(Object.entries(shape).filter(([, value]) => value !== undefined)) as Shape;
}

/** Applied filters back as a query string (the pages' links, the exports): empty ones left out, in the given order. */
export function filterQuery(entries: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(entries)) if (value !== undefined && value !== "") search.set(name, String(value));
  return search.toString();
}

/** A list's filters read: those applied, the values to show back, the notices and the page. */
export interface ParsedListFilters<Filters, Name extends string> {
  filters: Filters;
  values: Record<Name, string>;
  notices: FilterNotice<Name | "page">[];
  page: number;
}

export interface ListFilterReader<Name extends string> {
  /** Each name's value, trimmed: what is checked. */
  readonly raw: Readonly<Record<Name, string>>;
  /** Explains a value left out. */
  notice(field: Name | "page", message: string): void;
  /** A period `du`–`au` (YYYY-MM-DD each); an end before the start is dropped. */
  period(from: Name, to: Name): { from?: string; to?: string };
  /** Text searched as typed (trimmed), refused when longer than the back-office takes or with control characters. */
  search(name: Name, rule: SearchRule): string | undefined;
  /** One of `allowed` (a status, a state), else « Statut inconnu (a, b) : … ». */
  oneOf<Value extends string>(name: Name, allowed: readonly Value[], unknown: string): Value | undefined;
  /** A positive id, within `max` and among `known` when given. */
  id(name: Name, rule: IdRule): number | undefined;
  /** A sort key among `allowed`; anything else (or nothing) is `fallback`, silently: a sort is never wrong. */
  sort<Key extends string>(name: Name, allowed: readonly Key[], fallback: Key): Key;
  /** The values to show back, the notices in the order the fields were read, then the page's. */
  finish(): Omit<ParsedListFilters<never, Name>, "filters">;
}

const IGNORED = "ce filtre est ignoré.";

/** Starts reading a list's filters, `names` being its URL parameters (any other is ignored). */
export function listFilterReader<Name extends string>(params: URLSearchParams, names: readonly Name[]): ListFilterReader<Name> {
  const raw = Object.fromEntries(names.map((name) => [name, (params.get(name) ?? "").trim()])) as Record<Name, string>;
  const notices: FilterNotice<Name | "page">[] = [];
  const notice = (field: Name | "page", message: string) => notices.push({ field, message });

  const date = (name: Name, label: string): string | undefined => {
    const value = raw[name];
    if (value === "") return undefined;
    if (calendarDate.safeParse(value).success) return value;
    notice(name, `${label} : date invalide (format attendu AAAA-MM-JJ), ${IGNORED}`);
    return undefined;
  };

  return {
    raw,
    notice,
    period(fromName, toName) {
      const from = date(fromName, "Du");
      let to = date(toName, "Au");
      if (from && to && from > to) {
        notice(toName, "La date de fin précède la date de début : elle est ignorée.");
        to = undefined;
      }
      return definedOnly({ from, to });
    },
    search(name, { max, label }) {
      const value = raw[name];
      if (value === "") return undefined;
      // The list's own search box says less: « Recherche : la recherche… » would say it twice.
      if (value.length > max) {
        notice(
          name,
          label
            ? `${label} : la recherche compte au plus ${max} caractères, ${IGNORED}`
            : `Recherche : au plus ${max} caractères, ${IGNORED}`,
        );
        return undefined;
      }
      if (!/^\P{Cc}*$/u.test(value)) {
        notice(
          name,
          label
            ? `${label} : la recherche contient des caractères de contrôle, ${IGNORED}`
            : `Recherche : caractères de contrôle refusés, ${IGNORED}`,
        );
        return undefined;
      }
      return value;
    },
    oneOf(name, allowed, unknown) {
      const value = raw[name];
      if (value === "") return undefined;
      const found = allowed.find((candidate) => candidate === value);
      if (found === undefined) notice(name, `${unknown} (${allowed.join(", ")}) : ${IGNORED}`);
      return found;
    },
    id(name, { unknown, max = Number.MAX_SAFE_INTEGER, known = null }) {
      const value = raw[name];
      if (value === "") return undefined;
      const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
      if (id <= max && (known === null || known.includes(id))) return id;
      notice(name, `${unknown} : ${IGNORED}`);
      return undefined;
    },
    sort(name, allowed, fallback) {
      return allowed.find((key) => key === raw[name]) ?? fallback;
    },
    finish() {
      const values = Object.fromEntries(names.map((name) => [name, raw[name].slice(0, MAX_SHOWN_LENGTH)])) as Record<Name, string>;
      const page = readPage(params.get("page"), notices);
      return { values, notices, page };
    },
  };
}
