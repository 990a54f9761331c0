import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { firstKeptDay } from "./retention";

/** Views counted in memory for one day, page and visitor key, written in one statement. */
export interface CountedViews {
  day: string;
  path: string;
  visitor: string;
  views: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, small enough for PGlite. */
const ROWS_PER_STATEMENT = 500;

/** Adds the counts to the stored ones (a row per day, path and visitor). */
export async function saveViews(db: Kysely<Database>, counted: readonly CountedViews[]): Promise<void> {
  for (let start = 0; start < counted.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto("analytics_views")
      .values(counted.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((conflict) =>
        conflict.columns(["day", "path", "visitor"]).doUpdateSet({ views: sql<number>`analytics_views.views + excluded.views` }),
      )
      .execute();
  }
}

/**
 * The day's salt, the same for every instance: the first one to ask stores its random
 * candidate, the others read it. The salts of the days before are deleted on the way: once a
 * day is over nobody can tie its keys to an address any more.
 */
export async function saltOfDay(db: Kysely<Database>, day: string, candidate: string): Promise<string> {
  await db
    .insertInto("analytics_salts")
    .values({ day, salt: candidate })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const [row] = await Promise.all([
    db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow(),
    db.deleteFrom("analytics_salts").where("day", "<", day).execute(),
  ]);
  return row.salt;
}

/** Deletes the views older than the retention allows, and any salt of a past day; returns the views' rows deleted. */
export async function purgeAnalytics(db: Kysely<Database>, today: string): Promise<number> {
  const [views] = await Promise.all([
    db.deleteFrom("analytics_views").where("day", "<", firstKeptDay(today)).executeTakeFirst(),
    db.deleteFrom("analytics_salts").where("day", "<", today).execute(),
  ]);
  return Number(views.numDeletedRows);
}
