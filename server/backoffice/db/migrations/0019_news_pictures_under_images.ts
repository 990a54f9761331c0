import { sql, type Kysely } from "kysely";

/**
 * The news pictures moved from public/actualites/ to public/images/actualites/ (issue 32): the
 * folder shadowed the news page, whose /actualites the static middleware redirected to the
 * folder. Items saved before keep pictures that exist: their paths move with the folder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update news_items set picture_url = '/images' || picture_url where picture_url like '/actualites/%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update news_items set picture_url = substr(picture_url, length('/images') + 1) where picture_url like '/images/actualites/%'`.execute(
    db,
  );
}
