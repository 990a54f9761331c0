import type { NewsHighlightView } from "./types";
import type { HomeUser } from "./user.server";

/** How many news items the home page highlights. */
export const NEWS_HIGHLIGHTS = 3;

/** The distributor's latest news (docs/content.md): every account reads them. */
export async function loadNewsHighlights(user: HomeUser): Promise<NewsHighlightView[]> {
  const items = await user.upstream.content.latestNews(NEWS_HIGHLIGHTS);
  return items.map((item) => ({
    id: item.id,
    title: item.title,
    summary: item.summary,
    publishedAt: item.published_at,
    category: item.category.title,
    href: `/actualites/${item.category.slug}/${item.slug}`,
    picture: item.picture,
  }));
}
