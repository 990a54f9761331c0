import { ANALYTICS_RETENTION_MONTHS } from "@shared/contracts/analytics";

/**
 * The first day whose views are still kept on `today` (YYYY-MM-DD, France): the same day
 * 25 months earlier, or that month's last day when it is shorter (31 March → 28 or 29
 * February). Anything before it is deleted (decision 0125).
 */
export function firstKeptDay(today: string, months: number = ANALYTICS_RETENTION_MONTHS): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex % 12;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
