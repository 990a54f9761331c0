import { describe, expect, it } from "vitest";
import {
  addDays,
  firstRun,
  isoWeekday,
  nextRun,
  priceRisePct,
  rhythmText,
  runsUntil,
  upcomingRuns,
  weekdayName,
  type Rhythm,
} from "@shared/domain/replenishment";

/** The dates of a replenishment schedule (docs/replenishment.md), without any clock. */

const monthly = (day: number, every = 1): Rhythm => ({ every, unit: "months", day });
const weekly = (day: number, every = 1): Rhythm => ({ every, unit: "weeks", day });

describe("the dates of a replenishment schedule", () => {
  it("adds days across months and years, and refuses a date that does not exist", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2028-02-27", 2)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(() => addDays("2026-02-30", 1)).toThrow();
  });

  it("names ISO weekdays, Monday 1 to Sunday 7", () => {
    expect(isoWeekday("2026-03-09")).toBe(1);
    expect(isoWeekday("2026-03-12")).toBe(4);
    expect(isoWeekday("2026-03-15")).toBe(7);
    expect(weekdayName("2026-03-12")).toBe("jeudi");
    expect(weekdayName("2026-03-15")).toBe("dimanche");
  });

  it("finds the first monthly run on or after the start, the same month or the next", () => {
    expect(firstRun(monthly(5), "2026-11-05")).toBe("2026-11-05");
    expect(firstRun(monthly(5), "2026-11-04")).toBe("2026-11-05");
    expect(firstRun(monthly(5), "2026-11-20")).toBe("2026-12-05");
    expect(firstRun(monthly(5), "2026-12-20")).toBe("2027-01-05");
    // The 31st of a 30-day month is its last day.
    expect(firstRun(monthly(31), "2026-11-20")).toBe("2026-11-30");
    expect(firstRun(monthly(31), "2026-02-01")).toBe("2026-02-28");
    expect(firstRun(monthly(30), "2028-02-10")).toBe("2028-02-29");
  });

  it("finds the first weekly run on the chosen weekday, the start day included", () => {
    // 2026-03-12 is a Thursday.
    expect(firstRun(weekly(4), "2026-03-12")).toBe("2026-03-12");
    expect(firstRun(weekly(5), "2026-03-12")).toBe("2026-03-13");
    expect(firstRun(weekly(1), "2026-03-12")).toBe("2026-03-16");
    expect(firstRun(weekly(3, 2), "2026-12-31")).toBe("2027-01-06");
  });

  it("keeps the rule's day through the month ends: 31 → 28 or 29 February → 31 March", () => {
    expect(nextRun(monthly(31), "2026-01-31")).toBe("2026-02-28");
    expect(nextRun(monthly(31), "2026-02-28")).toBe("2026-03-31");
    expect(nextRun(monthly(31), "2028-01-31")).toBe("2028-02-29");
    expect(nextRun(monthly(29), "2027-01-29")).toBe("2027-02-28");
    expect(nextRun(monthly(31), "2026-12-31")).toBe("2027-01-31");
    expect(upcomingRuns(monthly(31), "2026-10-31", 6)).toEqual([
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
    ]);
    // A leap year and a century that is not one (2100) nor 2000 that is.
    expect(nextRun(monthly(31), "2100-01-31")).toBe("2100-02-28");
    expect(nextRun(monthly(31), "2000-01-31")).toBe("2000-02-29");
  });

  it("counts every N months and every N weeks", () => {
    expect(upcomingRuns(monthly(15, 3), "2026-11-15", 4)).toEqual(["2026-11-15", "2027-02-15", "2027-05-15", "2027-08-15"]);
    expect(nextRun(monthly(5, 12), "2026-12-05")).toBe("2027-12-05");
    expect(upcomingRuns(weekly(4, 2), "2026-12-24", 3)).toEqual(["2026-12-24", "2027-01-07", "2027-01-21"]);
    expect(nextRun(weekly(1, 52), "2026-01-05")).toBe("2027-01-04");
    expect(upcomingRuns(weekly(1), "2026-01-05", 0)).toEqual([]);
  });

  it("lists the runs passed up to a date and the one after it", () => {
    expect(runsUntil(monthly(5), "2026-12-05", "2026-12-04")).toEqual({ passed: [], next: "2026-12-05" });
    expect(runsUntil(monthly(5), "2026-12-05", "2026-12-05")).toEqual({ passed: ["2026-12-05"], next: "2027-01-05" });
    expect(runsUntil(monthly(31), "2026-12-31", "2027-03-30")).toEqual({
      passed: ["2026-12-31", "2027-01-31", "2027-02-28"],
      next: "2027-03-31",
    });
    expect(runsUntil(weekly(2, 2), "2026-11-17", "2026-12-15")).toEqual({
      passed: ["2026-11-17", "2026-12-01", "2026-12-15"],
      next: "2026-12-29",
    });
  });

  it("rounds a price rise up, and counts no rise as 0", () => {
    expect(priceRisePct(1_000, 1_100)).toBe(10);
    expect(priceRisePct(1_000, 1_101)).toBe(11);
    expect(priceRisePct(999, 1_100)).toBe(11);
    expect(priceRisePct(1_000, 1_000)).toBe(0);
    expect(priceRisePct(1_000, 900)).toBe(0);
    expect(priceRisePct(0, 900)).toBe(0);
  });

  it("says the rhythm in French", () => {
    expect(rhythmText(weekly(4))).toBe("toutes les semaines, le jeudi");
    expect(rhythmText(weekly(1, 2))).toBe("toutes les 2 semaines, le lundi");
    expect(rhythmText(weekly(9))).toBe("toutes les semaines, le ");
    expect(rhythmText(monthly(1))).toBe("tous les mois, le 1er");
    expect(rhythmText(monthly(5))).toBe("tous les mois, le 5");
    expect(rhythmText(monthly(31))).toBe("tous les mois, le 31 (ou le dernier jour du mois)");
    expect(rhythmText(monthly(29, 3))).toBe("tous les 3 mois, le 29 (ou le dernier jour du mois)");
    expect(rhythmText(monthly(28, 2))).toBe("tous les 2 mois, le 28");
  });
});
