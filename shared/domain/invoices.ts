import type { InvoiceKind, InvoiceStatus, VatBreakdown } from "../contracts/invoices";
import { isExportAccount, isTaxExempt } from "./account";
import { dayOfWeek } from "./calendar";
import { roundCents, VAT_RATE } from "./money";

/**
 * Invoices' rules (docs/invoices.md, docs/decisions/0108-invoices.md): the due date from an
 * organization's payment terms, the status an invoice has on a given day, the VAT breakdown
 * and the totals of a set of lines, the exemption an account's tax category calls for, and the
 * check keys of French and Belgian company identifiers. Pure: today is a parameter.
 */

/** An organization's payment terms: a number of days, then (or not) the end of that month. */
export interface PaymentTerms {
  days: number;
  endOfMonth: boolean;
}

/** The standard VAT rate in percent (20), as invoices print it. */
export const STANDARD_VAT_PERCENT = Math.round(VAT_RATE * 100);

function utcDay(isoDate: string): Date {
  // dayOfWeek refuses an impossible date with a French DomainError.
  dayOfWeek(isoDate);
  return new Date(`${isoDate}T00:00:00Z`);
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** The date `days` days after (or before, when negative) a YYYY-MM-DD date. */
export function addDaysTo(isoDate: string, days: number): string {
  const date = utcDay(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return isoOf(date);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000);
}

/** The last day of the month of a date. */
export function endOfMonth(isoDate: string): string {
  const date = utcDay(isoDate);
  return isoOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

/**
 * The due date: the invoice's date plus the terms' days, then, for « fin de mois », the last
 * day of the month that date falls in (« 45 jours fin de mois »: 45 days, then the end of that
 * month; the reading most French companies use, decision 0108). « Comptant » (0 days) is due
 * on the invoice's date. The legal ceiling (60 days, or 45 days end of month) is the
 * contract's business, not checked here.
 */
export function dueDate(issuedOn: string, terms: PaymentTerms): string {
  const plain = addDaysTo(issuedOn, Math.max(0, Math.trunc(terms.days)));
  return terms.endOfMonth ? endOfMonth(plain) : plain;
}

/** « comptant », « 30 jours », « 45 jours fin de mois ». */
export function paymentTermsLabel(terms: PaymentTerms): string {
  if (terms.days <= 0 && !terms.endOfMonth) return "comptant";
  const days = terms.days <= 0 ? "" : `${terms.days} jours`;
  return terms.endOfMonth ? `${days}${days ? " " : ""}fin de mois` : days;
}

export interface StatusFacts {
  kind: InvoiceKind;
  total_ttc: number;
  paid: number;
  due_on: string;
}

export interface StatusOnDay {
  status: InvoiceStatus;
  /** Days past the due date for « en retard », else null. */
  days_overdue: number | null;
}

/**
 * Where an invoice stands on `today` (France): « payée » once paid in full; past its due date
 * with something left, « en retard » (partly paid or not); otherwise « payée partiellement »
 * or « à payer ». A credit note is « à imputer » until used in full, then « imputé ». The SQL
 * filter (server/backoffice/invoices/queries.ts) says the same.
 */
export function invoiceStatusOn(facts: StatusFacts, today: string): StatusOnDay {
  const remaining = facts.total_ttc - facts.paid;
  if (facts.kind === "avoir") return { status: remaining > 0 ? "à imputer" : "imputé", days_overdue: null };
  if (remaining <= 0) return { status: "payée", days_overdue: null };
  if (facts.due_on < today) return { status: "en retard", days_overdue: daysBetween(facts.due_on, today) };
  return { status: facts.paid > 0 ? "payée partiellement" : "à payer", days_overdue: null };
}

/** Why no VAT is charged, when none is (the wording the PDF prints depends on it). */
export type VatExemptionKind = "intra_eu" | "export" | "suspension" | null;

/**
 * The account's exemption, from its tax category (the same list as the cart's totals:
 * shared/domain/account.ts): « Ventes CEE » intra-EU delivery, « Ventes export » export,
 * « Ventes en suspension de taxe » suspension; null for a standard French account.
 */
export function vatExemptionOf(catCompta: string | null | undefined): VatExemptionKind {
  const category = catCompta ?? undefined;
  if (!isTaxExempt(category)) return null;
  if (isExportAccount(category)) return "export";
  return category?.trim() === "Ventes CEE" ? "intra_eu" : "suspension";
}

/** The VAT rate in percent an account's lines carry: 0 when exempt, else 20. */
export function vatPercentOf(catCompta: string | null | undefined): number {
  return vatExemptionOf(catCompta) === null ? STANDARD_VAT_PERCENT : 0;
}

export interface TotalledLine {
  qty: number;
  unit_ecotax: number;
  line_total_ht: number;
  vat_rate: number;
}

export interface InvoiceTotals {
  /** Before tax, ecotax included (the VAT base). */
  total_ht: number;
  total_ecotax: number;
  total_vat: number;
  total_ttc: number;
  vat: VatBreakdown[];
}

/**
 * Totals of an invoice's lines: the base of each VAT rate, its VAT rounded once on that base
 * (never per line, like the cart: shared/domain/totals.ts), highest rate first.
 */
export function invoiceTotals(lines: readonly TotalledLine[]): InvoiceTotals {
  const bases = new Map<number, number>();
  let totalEcotax = 0;
  for (const line of lines) {
    bases.set(line.vat_rate, (bases.get(line.vat_rate) ?? 0) + line.line_total_ht);
    totalEcotax += line.qty * line.unit_ecotax;
  }
  const vat = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({ rate, base_ht: base, vat: roundCents((base * rate) / 100) }));
  const totalHt = vat.reduce((sum, entry) => sum + entry.base_ht, 0);
  const totalVat = vat.reduce((sum, entry) => sum + entry.vat, 0);
  return { total_ht: totalHt, total_ecotax: totalEcotax, total_vat: totalVat, total_ttc: totalHt + totalVat, vat };
}

/** A discount in percent from a list price and a net price, two decimals; 0 when none. */
export function discountPercent(listPrice: number, netPrice: number): number {
  if (listPrice <= 0 || netPrice >= listPrice) return 0;
  return Math.round(((listPrice - netPrice) * 10_000) / listPrice) / 100;
}

/** An invoice number: FA-2026-000123, AV-2026-000004. */
export function invoiceNumberOf(kind: InvoiceKind, year: number, sequence: number): string {
  return `${kind === "facture" ? "FA" : "AV"}-${year}-${String(sequence).padStart(6, "0")}`;
}

// ---- company identifiers ------------------------------------------------------------------

/** True when the digits pass the Luhn check (SIREN, SIRET). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The prefix followed by the digit that makes it pass the Luhn check. */
export function withLuhnDigit(prefix: string): string {
  for (let digit = 0; digit < 10; digit += 1) {
    if (luhnValid(`${prefix}${digit}`)) return `${prefix}${digit}`;
  }
  throw new Error(`no Luhn digit for ${prefix}`);
}

/** The French intra-EU VAT number of a SIREN: FR + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, "0")}${siren}`;
}

/** A Belgian VAT number from its first eight digits: BE + the eight + 97 - (them mod 97). */
export function belgianVatNumber(firstEight: string): string {
  const key = 97 - (Number(firstEight) % 97);
  return `BE${firstEight}${String(key).padStart(2, "0")}`;
}
