/** Dates as the account pages show them, in France's time (built once: see CartLineRow). */
const day = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });
const dayAndTime = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long", timeStyle: "short" });
const calendarDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** An ISO instant as « 12 mars 2026 ». */
export function frenchDate(instant: string): string {
  return day.format(new Date(instant));
}

/** An ISO instant as « 12 mars 2026 à 14:05 ». */
export function frenchDateTime(instant: string): string {
  return dayAndTime.format(new Date(instant));
}

/** A calendar date (YYYY-MM-DD) as « 12 mars 2026 ». */
export function frenchCalendarDate(date: string): string {
  return calendarDay.format(new Date(`${date}T00:00:00Z`));
}
