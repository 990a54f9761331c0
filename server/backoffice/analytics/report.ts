import type { Kysely } from "kysely";
import { ANALYTICS_RETENTION_MONTHS, daysBetween, type AnalyticsReport, type AnalyticsReportQuery } from "@shared/contracts/analytics";
import type { Database } from "../db/schema";

/** Every date from `from` to `to`, both included. */
function datesFrom(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysBetween(from, to) + 1 }, (_unused, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Views and visitors per day and per page over a period (docs/analytics.md). A visitor key
 * is a day's: visitors are distinct within a day, and summed across days. A page's visitors
 * are its (day, key) rows, which the table's primary key makes distinct already.
 */
export async function analyticsReportOf(db: Kysely<Database>, query: AnalyticsReportQuery): Promise<AnalyticsReport> {
  const period = db.selectFrom("analytics_views").where("day", ">=", query.from).where("day", "<=", query.to);
  const [dayRows, pageRows, pageCount] = await Promise.all([
    period
      .select((eb) => ["day", eb.fn.sum<number>("views").as("views"), eb.fn.count<number>("visitor").distinct().as("visitors")])
      .groupBy("day")
      .execute(),
    period
      .select((eb) => ["path", eb.fn.sum<number>("views").as("views"), eb.fn.countAll<number>().as("visitors")])
      .groupBy("path")
      .orderBy("views", "desc")
      .orderBy("path")
      .limit(query.pages)
      .execute(),
    period.select((eb) => eb.fn.count<number>("path").distinct().as("count")).executeTakeFirstOrThrow(),
  ]);
  const byDay = new Map(dayRows.map((row) => [row.day, { views: Number(row.views), visitors: Number(row.visitors) }]));
  const days = datesFrom(query.from, query.to).map((day) => ({ day, ...(byDay.get(day) ?? { views: 0, visitors: 0 }) }));
  return {
    from: query.from,
    to: query.to,
    retention_months: ANALYTICS_RETENTION_MONTHS,
    totals: {
      views: days.reduce((sum, day) => sum + day.views, 0),
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    },
    days,
    pages: pageRows.map((row) => ({ path: row.path, views: Number(row.views), visitors: Number(row.visitors) })),
    page_count: Number(pageCount.count),
  };
}
