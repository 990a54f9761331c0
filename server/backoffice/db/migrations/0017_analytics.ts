import { sql, type Kysely } from "kysely";

/**
 * Page views counted without cookies (docs/analytics.md, decision 0125). One row per day,
 * normalised path and visitor key, with the number of views: the key is a truncated hash of
 * the day's salt, the address and the user agent, and means nothing once the salt is gone.
 * The salts live in a table of their own, one per day, deleted when the day is over, so that
 * several portal instances give one visitor the same key and no salt is ever kept with the
 * views it made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table analytics_views (
    day date not null,
    path text not null,
    visitor text not null,
    views integer not null check (views > 0),
    primary key (day, path, visitor)
  )`.execute(db);
  await sql`create table analytics_salts (
    day date primary key,
    salt text not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists analytics_salts`.execute(db);
  await sql`drop table if exists analytics_views`.execute(db);
}
