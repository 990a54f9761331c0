import { INVOICE_STATUSES } from "@shared/contracts/invoices";
import { definedOnly, filterQuery, listFilterReader, type ListFilterReader, type ParsedListFilters } from "@shared/domain/list-filters";
import { formatPlainAmount } from "@shared/domain/french-format";
import { parseEuros } from "~/services/forms/fields.server";
import type { InvoiceListFilters } from "~/services/upstream/invoices.server";
import { INVOICE_FILTER_NAMES } from "./types";

/** What the back-office accepts (invoiceListQuery): longer searches are ignored, not cut. */
const MAX_NUMBER_LENGTH = 40;
const MAX_ORDER_REF_LENGTH = 100;
/** The back-office's bound for an amount, in cents (invoiceListQuery). */
const MAX_AMOUNT_CENTS = 100_000_000_00;

type InvoiceFilterName = (typeof INVOICE_FILTER_NAMES)[number];

export type ParsedInvoiceFilters = ParsedListFilters<InvoiceListFilters, (typeof INVOICE_FILTER_NAMES)[number]>;

function amountField(field: "montant_min" | "montant_max", label: string, read: ListFilterReader<InvoiceFilterName>): number | undefined {
  const value = read.raw[field];
  if (value === "") return undefined;
  const cents = parseEuros(value);
  if (cents === null) {
    read.notice(field, `${label} : montant invalide (par exemple 150,50), ce filtre est ignoré.`);
    return undefined;
  }
  if (cents > MAX_AMOUNT_CENTS) {
    read.notice(field, `${label} : montant trop grand, ce filtre est ignoré.`);
    return undefined;
  }
  return cents;
}

/** A pair of amounts, the second checked against the first as the period's end is against its start. */
function amountRange(read: ListFilterReader<InvoiceFilterName>): { min_ttc?: number; max_ttc?: number } {
  const min = amountField("montant_min", "Montant minimum", read);
  let max = amountField("montant_max", "Montant maximum", read);
  if (min !== undefined && max !== undefined && max < min) {
    read.notice("montant_max", "Le montant maximum est inférieur au montant minimum : il est ignoré.");
    max = undefined;
  }
  return { min_ttc: min, max_ttc: max };
}

/**
 * Reads the invoice list's filters from the URL (docs/invoices-portal.md), leniently (decision
 * 0105, shared/domain/list-filters.ts): unknown parameters are ignored; each value the
 * back-office would refuse is left out and explained (a notice), so the list shows with the
 * other filters and never fails.
 */
export function parseInvoiceFilters(params: URLSearchParams): ParsedInvoiceFilters {
  const read = listFilterReader(params, INVOICE_FILTER_NAMES);
  const filters: InvoiceListFilters = definedOnly({
    ...read.period("du", "au"),
    status: read.oneOf("statut", INVOICE_STATUSES, "Statut inconnu"),
    number: read.search("numero", { label: "Numéro", max: MAX_NUMBER_LENGTH }),
    order_ref: read.search("commande", { label: "Commande", max: MAX_ORDER_REF_LENGTH }),
    ...amountRange(read),
  });
  return { filters, ...read.finish() };
}

/** The applied filters as the list's query string (no page): the pages' links, the CSV and the ZIP. */
export function invoiceFilterQuery(filters: InvoiceListFilters): string {
  return filterQuery({
    du: filters.from,
    au: filters.to,
    statut: filters.status,
    numero: filters.number,
    commande: filters.order_ref,
    montant_min: filters.min_ttc === undefined ? undefined : formatPlainAmount(filters.min_ttc),
    montant_max: filters.max_ttc === undefined ? undefined : formatPlainAmount(filters.max_ttc),
  });
}
