import { calendarDate } from "@shared/contracts/orders";
import { INVOICE_STATUSES, invoiceStatus } from "@shared/contracts/invoices";
import type { InvoiceListFilters } from "~/services/upstream/invoices.server";
import { INVOICE_FILTER_NAMES, type InvoiceFilterNotice, type InvoiceFilterValues } from "./types";
import { formatPlainAmount } from "@shared/domain/french-format";

/** What the back-office accepts (invoiceListQuery): longer searches are ignored, not cut. */
const MAX_NUMBER_LENGTH = 30;
const MAX_ORDER_REF_LENGTH = 100;
/** The back-office's bound for an amount, in cents (invoiceListQuery). */
const MAX_AMOUNT_CENTS = 100_000_000_00;
const MAX_PAGE = 10000;
/** What the form shows back of a value: enough to recognise it, never 5,000 characters. */
const MAX_SHOWN_LENGTH = 200;

export interface ParsedInvoiceFilters {
  filters: InvoiceListFilters;
  values: InvoiceFilterValues;
  notices: InvoiceFilterNotice[];
  page: number;
}

/**
 * Euros as a French user types them (« 150,50 », « 1 234,5 », « 150.50 € », « 12 ») into cents;
 * null when it is not an amount.
 */
export function parseEuros(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(/€$/, "");
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

function searchText(value: string, max: number, field: "numero" | "commande", label: string, notices: InvoiceFilterNotice[]): string | undefined {
  if (value === "") return undefined;
  if (value.length > max) {
    notices.push({ field, message: `${label} : la recherche compte au plus ${max} caractères, ce filtre est ignoré.` });
    return undefined;
  }
  if (!/^\P{Cc}*$/u.test(value)) {
    notices.push({ field, message: `${label} : la recherche contient des caractères de contrôle, ce filtre est ignoré.` });
    return undefined;
  }
  return value;
}

function dateField(value: string, field: "du" | "au", label: string, notices: InvoiceFilterNotice[]): string | undefined {
  if (value === "") return undefined;
  if (calendarDate.safeParse(value).success) return value;
  notices.push({ field, message: `${label} : date invalide (format attendu AAAA-MM-JJ), ce filtre est ignoré.` });
  return undefined;
}

function amountField(value: string, field: "montant_min" | "montant_max", label: string, notices: InvoiceFilterNotice[]): number | undefined {
  if (value === "") return undefined;
  const cents = parseEuros(value);
  if (cents === null) {
    notices.push({ field, message: `${label} : montant invalide (par exemple 150,50), ce filtre est ignoré.` });
    return undefined;
  }
  if (cents > MAX_AMOUNT_CENTS) {
    notices.push({ field, message: `${label} : montant trop grand, ce filtre est ignoré.` });
    return undefined;
  }
  return cents;
}

/**
 * Reads the invoice list's filters from the URL (docs/invoices-portal.md). Unknown parameters
 * are ignored; each value the back-office would refuse is left out and explained (a notice), so
 * the list shows with the other filters and never fails.
 */
export function parseInvoiceFilters(params: URLSearchParams): ParsedInvoiceFilters {
  const notices: InvoiceFilterNotice[] = [];
  const raw = Object.fromEntries(INVOICE_FILTER_NAMES.map((name) => [name, (params.get(name) ?? "").trim()])) as unknown as InvoiceFilterValues;
  const values = Object.fromEntries(INVOICE_FILTER_NAMES.map((name) => [name, raw[name].slice(0, MAX_SHOWN_LENGTH)])) as unknown as InvoiceFilterValues;
  const filters: InvoiceListFilters = {};

  const from = dateField(raw.du, "du", "Du", notices);
  let to = dateField(raw.au, "au", "Au", notices);
  if (from && to && from > to) {
    notices.push({ field: "au", message: "La date de fin précède la date de début : elle est ignorée." });
    to = undefined;
  }
  if (from) filters.from = from;
  if (to) filters.to = to;

  if (raw.statut !== "") {
    const status = invoiceStatus.safeParse(raw.statut);
    if (status.success) filters.status = status.data;
    else notices.push({ field: "statut", message: `Statut inconnu (${INVOICE_STATUSES.join(", ")}) : ce filtre est ignoré.` });
  }

  const number = searchText(raw.numero, MAX_NUMBER_LENGTH, "numero", "Numéro", notices);
  if (number) filters.number = number;
  const order = searchText(raw.commande, MAX_ORDER_REF_LENGTH, "commande", "Commande", notices);
  if (order) filters.order_ref = order;

  const min = amountField(raw.montant_min, "montant_min", "Montant minimum", notices);
  let max = amountField(raw.montant_max, "montant_max", "Montant maximum", notices);
  if (min !== undefined && max !== undefined && max < min) {
    notices.push({ field: "montant_max", message: "Le montant maximum est inférieur au montant minimum : il est ignoré." });
    max = undefined;
  }
  if (min !== undefined) filters.min_ttc = min;
  if (max !== undefined) filters.max_ttc = max;

  return { filters, values, notices, page: parsePage(params.get("page"), notices) };
}

function parsePage(value: string | null, notices: InvoiceFilterNotice[]): number {
  if (value === null || value.trim() === "") return 1;
  const trimmed = value.trim();
  if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > MAX_PAGE) {
    notices.push({ field: "page", message: "Numéro de page invalide : la première page est affichée." });
    return 1;
  }
  return Number(trimmed);
}

/** The applied filters as the list's query string (no page): the pages' links, the CSV and the ZIP. */
export function invoiceFilterQuery(filters: InvoiceListFilters): string {
  const search = new URLSearchParams();
  if (filters.from) search.set("du", filters.from);
  if (filters.to) search.set("au", filters.to);
  if (filters.status) search.set("statut", filters.status);
  if (filters.number) search.set("numero", filters.number);
  if (filters.order_ref) search.set("commande", filters.order_ref);
  if (filters.min_ttc !== undefined) search.set("montant_min", formatPlainAmount(filters.min_ttc));
  if (filters.max_ttc !== undefined) search.set("montant_max", formatPlainAmount(filters.max_ttc));
  return search.toString();
}
