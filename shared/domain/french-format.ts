/**
 * The one place numbers and dates become French text (decision 0169). One function per use:
 *
 * - on a page or in an e-mail (text or table): `formatDate` « 12 mars 2026 », `formatDateTime`
 *   « 12 mars 2026 à 14:05 »;
 * - in a printed document (PDF, Factur-X notes, warehouse printout) and in a CSV cell:
 *   `formatNumericDate` « 24/11/2026 », `formatNumericDateTime` « 24/11/2026 14:05 »;
 * - amounts `formatEuros`, CSV cells and form values `formatPlainAmount`, `formatPlainNumber`;
 *   percentages `formatPercent`, quantities and counts `formatQuantity`, sizes `formatFileSize`.
 *
 * A calendar date (YYYY-MM-DD) is a day, never shifted by a time zone; an instant shows its day
 * and time in France (Europe/Paris), whatever the machine's zone, so the server's HTML and the
 * browser's render agree (hydration) and a PDF made at 23:30 UTC carries the French date.
 * Formatters are built once: building one costs more than formatting with it.
 */

const PARIS = "Europe/Paris";
const LONG_DAY = { day: "numeric", month: "long", year: "numeric" } as const;
const NUMERIC_DAY = { day: "2-digit", month: "2-digit", year: "numeric" } as const;

const calendarDay = new Intl.DateTimeFormat("fr-FR", { ...LONG_DAY, timeZone: "UTC" });
const parisDay = new Intl.DateTimeFormat("fr-FR", { ...LONG_DAY, timeZone: PARIS });
const parisDayAndTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: PARIS });
const parisNumericDay = new Intl.DateTimeFormat("fr-FR", { ...NUMERIC_DAY, timeZone: PARIS });
const parisNumericDayAndTime = new Intl.DateTimeFormat("fr-FR", { ...NUMERIC_DAY, hour: "2-digit", minute: "2-digit", timeZone: PARIS });
const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const percent = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
const quantity = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 3 });
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

/** A YYYY-MM-DD calendar date, or an ISO instant / Date. */
export type DateInput = string | Date;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant, or null when the text is not a date (a bad value is shown as it is, never thrown). */
function instantOf(value: DateInput): Date | null {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

function shown(value: DateInput): string {
  return typeof value === "string" ? value : "";
}

/** « 12 mars 2026 »: a calendar date as it is, an instant's day in France. Pages and e-mails. */
export function formatDate(value: DateInput): string {
  if (typeof value === "string" && CALENDAR_DATE.test(value)) {
    const date = instantOf(`${value}T00:00:00Z`);
    return date ? calendarDay.format(date) : value;
  }
  const instant = instantOf(value);
  return instant ? parisDay.format(instant) : shown(value);
}

/** « 12 mars 2026 à 14:05 », in France's time. Pages and e-mails. */
export function formatDateTime(value: DateInput): string {
  const instant = instantOf(value);
  return instant ? parisDayAndTime.format(instant) : shown(value);
}

/** « 24/11/2026 »: printed documents and CSV cells (French Excel reads it as a date). */
export function formatNumericDate(value: DateInput): string {
  const calendar = typeof value === "string" ? CALENDAR_DATE.exec(value) : null;
  if (calendar) return `${calendar[3]}/${calendar[2]}/${calendar[1]}`;
  const instant = instantOf(value);
  return instant ? parisNumericDay.format(instant) : shown(value);
}

/** « 24/11/2026 14:05 », in France's time: printed documents and printouts. */
export function formatNumericDateTime(value: DateInput): string {
  const instant = instantOf(value);
  return instant ? parisNumericDayAndTime.format(instant).replace(",", "") : shown(value);
}

/**
 * The one French money formatter: 123456 → « 1 234,56 € ». Intl puts a narrow no-break space
 * between thousands and a no-break space before the sign, so an amount never wraps.
 */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** Cents as French Excel reads a number and a form field shows it: « -1234,50 » (no thousands separator). */
export function formatPlainAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A number as French Excel reads it: 12.5 → « 12,5 » (no thousands separator). */
export function formatPlainNumber(value: number): string {
  return String(value).replace(".", ",");
}

/** 20 → « 20 % », 5.5 → « 5,5 % », with a no-break space before the sign (as before €). */
export function formatPercent(value: number): string {
  return `${percent.format(value)}\u00a0%`;
}

/** A quantity or a count: 1250 → « 1 250 » (narrow no-break space), 2.5 → « 2,5 ». */
export function formatQuantity(value: number): string {
  return quantity.format(value);
}

const SIZE_UNITS = ["Ko", "Mo", "Go"] as const;

/** « 812 octets », « 245 Ko », « 1,2 Mo » (1 Ko = 1 024 octets, as file managers count). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes <= 1 ? `${bytes} octet` : `${whole.format(bytes)} octets`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Under 10, one decimal tells 1,2 Mo from 1,9 Mo; above, the decimal is noise.
  const text = value < 10 ? oneDecimal.format(value) : whole.format(value);
  return `${text} ${SIZE_UNITS[unit]}`;
}
