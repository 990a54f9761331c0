import { DomainError } from "./errors";

/** Day of the week of a YYYY-MM-DD date (0 = Sunday … 5 = Friday), computed without any clock. */
export function dayOfWeek(isoDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Date.UTC silently rolls 2026-02-30 over to March: a round trip catches it.
  if (date === null || date.toISOString().slice(0, 10) !== isoDate) {
    throw new DomainError("invalid_date", `Date invalide : « ${isoDate} » (format attendu AAAA-MM-JJ).`);
  }
  return date.getUTCDay();
}

export const FRIDAY = 5;

export function isFriday(isoDate: string): boolean {
  return dayOfWeek(isoDate) === FRIDAY;
}

// Built once: constructing an Intl formatter costs more than formatting with it.
const parisDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * The calendar date in France (YYYY-MM-DD) at an instant: promotions, refill dates and the
 * Saturday rule follow the French calendar, whatever the server's time zone.
 */
export function parisDate(instant: Date): string {
  // Formatting is the costly part and France changes date only on a whole minute: every
  // request of the same minute reuses the answer.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastParisDate.minute) lastParisDate = { minute, date: parisDay.format(instant) };
  return lastParisDate.date;
}
let lastParisDate = { minute: Number.NaN, date: "" };
