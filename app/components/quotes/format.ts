/** Dates as the quote pages show them: « 24/11/2026 », in France's time (formatters built once). */
const shortDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric" });
const dayAndTime = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** A calendar date (YYYY-MM-DD) as « 24/11/2026 ». */
export function quoteDay(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** An ISO instant's day in France, as « 24/11/2026 ». */
export function quoteInstantDay(instant: string): string {
  return shortDay.format(new Date(instant));
}

/** An ISO instant as « 24/11/2026 14:05 ». */
export function quoteDateTime(instant: string): string {
  return dayAndTime.format(new Date(instant)).replace(",", "");
}

/** A file size in French: « 1,2 Mo », « 350 ko ». */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("fr-FR")} ko`;
}
