/** Dates as the home page shows them, in France's time (formatters built once). */
const day = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });
const calendarDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** An ISO instant as « 12 mars 2026 ». */
export function homeDate(instant: string): string {
  return day.format(new Date(instant));
}

/** A calendar date (YYYY-MM-DD) as « 12 mars 2026 ». */
export function homeCalendarDate(date: string): string {
  return calendarDay.format(new Date(`${date}T00:00:00Z`));
}
