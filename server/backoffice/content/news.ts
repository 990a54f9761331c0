import type { Kysely } from "kysely";
import type { NewsCategory, NewsItem, NewsListResponse, NewsSummary } from "@shared/contracts/content";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";

/**
 * Reading the news (docs/content.md): categories with their counts, a page of items newest
 * first, one item with its body. An item dated after `now` is not published yet: it is neither
 * listed, nor counted, nor answered.
 */

export const unknownCategory = (): ApiFailure => new ApiFailure(404, "unknown_category", "Cette rubrique n'existe pas.");
export const unknownNews = (): ApiFailure => new ApiFailure(404, "unknown_news", "Cet article n'existe pas ou n'est pas encore publié.");

export async function newsCategories(db: Kysely<Database>, now: Date): Promise<NewsCategory[]> {
  const rows = await db
    .selectFrom("news_categories as c")
    .leftJoin("news_items as i", (join) => join.onRef("i.category_id", "=", "c.id").on("i.published_at", "<=", now))
    .select((eb) => ["c.slug", "c.title", "c.description", eb.fn.count<string>("i.id").as("count")])
    .groupBy(["c.id", "c.slug", "c.title", "c.description", "c.position"])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({ slug: row.slug, title: row.title, description: row.description, count: Number(row.count) }));
}

const SUMMARY_COLUMNS = [
  "i.id",
  "i.slug",
  "i.title",
  "i.summary",
  "i.published_at",
  "i.picture_url",
  "i.picture_alt",
  "c.slug as category_slug",
  "c.title as category_title",
] as const;

interface SummaryRow {
  id: number;
  slug: string;
  title: string;
  summary: string;
  published_at: Date;
  picture_url: string;
  picture_alt: string;
  category_slug: string;
  category_title: string;
}

function summaryView(row: SummaryRow): NewsSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    published_at: row.published_at.toISOString(),
    category: { slug: row.category_slug, title: row.category_title },
    picture: { url: row.picture_url, alt: row.picture_alt },
  };
}

export interface NewsPage {
  category?: string;
  page: number;
  size: number;
}

/** One page of the published items (of one category, when named: an unknown one is a 404). */
export async function listNews(db: Kysely<Database>, query: NewsPage, now: Date): Promise<NewsListResponse> {
  let category: NewsCategory | null = null;
  if (query.category !== undefined) {
    category = (await newsCategories(db, now)).find((candidate) => candidate.slug === query.category) ?? null;
    if (!category) throw unknownCategory();
  }
  let base = db.selectFrom("news_items as i").innerJoin("news_categories as c", "c.id", "i.category_id").where("i.published_at", "<=", now);
  if (category) base = base.where("c.slug", "=", category.slug);
  const [rows, count] = await Promise.all([
    base
      .select(SUMMARY_COLUMNS)
      .orderBy("i.published_at", "desc")
      .orderBy("i.id", "desc")
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(summaryView), total: Number(count.total), page: query.page, size: query.size, category };
}

/** One published item with its body, whatever category the portal's address named. */
export async function newsItem(db: Kysely<Database>, slug: string, now: Date): Promise<NewsItem> {
  const row = await db
    .selectFrom("news_items as i")
    .innerJoin("news_categories as c", "c.id", "i.category_id")
    .select([...SUMMARY_COLUMNS, "i.body"])
    .where("i.slug", "=", slug)
    .where("i.published_at", "<=", now)
    .executeTakeFirst();
  if (!row) throw unknownNews();
  return { ...summaryView(row), body: row.body as NewsItem["body"] };
}
