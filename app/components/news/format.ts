/** Publication instants in France's time (formatters built once: see CartLineRow). */
const day = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });
/** en-CA writes YYYY-MM-DD, the form a <time> element's datetime takes. */
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/** « 12 novembre 2026 ». */
export function publicationDate(instant: string): string {
  return day.format(new Date(instant));
}

/** The day in France, for a <time> element: 2026-11-12. */
export function publicationDay(instant: string): string {
  return isoDay.format(new Date(instant));
}
