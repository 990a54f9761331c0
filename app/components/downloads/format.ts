/**
 * French writing of a document's size and date: « 245 Ko », « 1,2 Mo », « 812 octets »
 * (1 Ko = 1 024 octets, as file managers count), « 12 novembre 2026 ».
 */
const oneDecimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
const calendarDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

const UNITS = ["Ko", "Mo", "Go"] as const;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return bytes <= 1 ? `${bytes} octet` : `${whole.format(bytes)} octets`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Under 10, one decimal tells 1,2 Mo from 1,9 Mo; above, the decimal is noise.
  const text = value < 10 ? oneDecimal.format(value) : whole.format(value);
  return `${text} ${UNITS[unit]}`;
}

/** A calendar date (YYYY-MM-DD) as « 12 novembre 2026 ». */
export function documentDate(date: string): string {
  return calendarDay.format(new Date(`${date}T00:00:00Z`));
}
