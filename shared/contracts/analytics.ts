import { z } from "zod";
import { calendarDate, isoDate, PERIOD_ORDER_ISSUE, periodInOrder } from "./primitives";

/**
 * The page-view report (docs/analytics.md, decision 0125): GET /api/analytics/report, a call
 * of the distributor's systems (service token). Views are counted without cookies; a visitor
 * is a key that changes every day, so visitors are counted per day and never across days.
 */

/** How long page views are kept: the CNIL's consent exemption allows 25 months at most. */
export const ANALYTICS_RETENTION_MONTHS = 25;

/** The widest period one report covers (25 months and a few days). */
export const ANALYTICS_REPORT_MAX_DAYS = 800;

/** Whole days from one YYYY-MM-DD date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const analyticsReportQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    /** How many pages the report lists, most viewed first. */
    pages: z.coerce.number().int().min(1, "Au moins une page.").max(500, "Au plus 500 pages.").default(50),
  })
  .strict()
  .refine(periodInOrder, PERIOD_ORDER_ISSUE)
  .refine((query) => daysBetween(query.from, query.to) < ANALYTICS_REPORT_MAX_DAYS, {
    path: ["to"],
    message: `Une période compte au plus ${ANALYTICS_REPORT_MAX_DAYS} jours.`,
  });
export type AnalyticsReportQuery = z.infer<typeof analyticsReportQuery>;

const count = z.number().int().nonnegative();

export const analyticsDay = z.object({ day: isoDate, views: count, visitors: count }).strict();
export type AnalyticsDay = z.infer<typeof analyticsDay>;

/** A page: its normalised path (ids replaced, no query), its views and its visitors summed day by day. */
export const analyticsPage = z.object({ path: z.string(), views: count, visitors: count }).strict();
export type AnalyticsPage = z.infer<typeof analyticsPage>;

export const analyticsReport = z
  .object({
    from: isoDate,
    to: isoDate,
    retention_months: z.number().int().positive(),
    /** Visitors summed day by day: one person on two days counts twice (the key changes daily). */
    totals: z.object({ views: count, visitors: count }).strict(),
    /** Every day of the period, in order, days without a view included. */
    days: z.array(analyticsDay),
    /** The most viewed pages, at most `pages` of them. */
    pages: z.array(analyticsPage),
    /** How many different pages were viewed in the period. */
    page_count: count,
  })
  .strict();
export type AnalyticsReport = z.infer<typeof analyticsReport>;
