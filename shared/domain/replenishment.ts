import { dayOfWeek } from "./calendar";

/**
 * The dates of a replenishment schedule (docs/replenishment.md), computed without any clock:
 * every `every` weeks on weekday `day` (1 = Monday … 7 = Sunday), or every `every` months on
 * day `day` (1–31), a month without that day running on its last day (31 → 28 February, then
 * 31 March again: the day is the rule's, never the previous run's).
 */
export interface Rhythm {
  every: number;
  unit: "weeks" | "months";
  day: number;
}

function parts(isoDate: string): { year: number; month: number; day: number } {
  dayOfWeek(isoDate); // throws a DomainError on a date that does not exist
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(isoDate: string, days: number): string {
  const { year, month, day } = parts(isoDate);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The rule's day in a month (clamped to the month's last day), `monthsAhead` months after the date's month. */
function monthDay(isoDate: string, monthsAhead: number, day: number): string {
  const { year, month } = parts(isoDate);
  const index = year * 12 + (month - 1) + monthsAhead;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function isoWeekday(isoDate: string): number {
  return ((dayOfWeek(isoDate) + 6) % 7) + 1;
}

/** The first run on or after `from`. */
export function firstRun(rhythm: Rhythm, from: string): string {
  if (rhythm.unit === "weeks") return addDays(from, (rhythm.day - isoWeekday(from) + 7) % 7);
  const thisMonth = monthDay(from, 0, rhythm.day);
  return thisMonth >= from ? thisMonth : monthDay(from, 1, rhythm.day);
}

/** The run after `previous` (a date the rhythm gave). */
export function nextRun(rhythm: Rhythm, previous: string): string {
  if (rhythm.unit === "weeks") return addDays(previous, 7 * rhythm.every);
  return monthDay(previous, rhythm.every, rhythm.day);
}

/** The first run strictly after `date` following `from` (a date the rhythm gave), and the ones passed over. */
export function runsUntil(rhythm: Rhythm, from: string, date: string): { passed: string[]; next: string } {
  const passed: string[] = [];
  let next = from;
  while (next <= date) {
    passed.push(next);
    next = nextRun(rhythm, next);
  }
  return { passed, next };
}

/** The next `count` runs from `from` (included). */
export function upcomingRuns(rhythm: Rhythm, from: string, count: number): string[] {
  const dates: string[] = [];
  let next = from;
  for (let i = 0; i < count; i++) {
    dates.push(next);
    next = nextRun(rhythm, next);
  }
  return dates;
}

/** A price rise in percent, rounded up (a rise of 10.01 % is over a 10 % threshold); 0 when it did not rise. */
export function priceRisePct(before: number, now: number): number {
  if (before <= 0 || now <= before) return 0;
  return Math.ceil(((now - before) * 100) / before);
}

const WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"];

/** The French name of ISO weekday `day` (1 = lundi); empty outside 1–7. */
function weekdayOf(day: number): string {
  return WEEKDAYS[day - 1] ?? "";
}

/** « toutes les 2 semaines, le jeudi », « tous les mois, le 31 (ou le dernier jour du mois) » */
export function rhythmText(rhythm: Rhythm): string {
  if (rhythm.unit === "weeks") {
    const weekday = weekdayOf(rhythm.day);
    return rhythm.every === 1 ? `toutes les semaines, le ${weekday}` : `toutes les ${rhythm.every} semaines, le ${weekday}`;
  }
  const day = rhythm.day === 1 ? "1er" : String(rhythm.day);
  const clamp = rhythm.day > 28 ? " (ou le dernier jour du mois)" : "";
  return rhythm.every === 1 ? `tous les mois, le ${day}${clamp}` : `tous les ${rhythm.every} mois, le ${day}${clamp}`;
}

/** « jeudi » for a date: the reminder's « votre commande programmée partira jeudi ». */
export function weekdayName(isoDate: string): string {
  return weekdayOf(isoWeekday(isoDate));
}
