const parisDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date in France (YYYY-MM-DD): promotions and the Saturday rule follow it. */
export function parisDate(instant: Date): string {
  return parisDay.format(instant);
}
