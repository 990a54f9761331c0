import type { NewsCategory, NewsSummary } from "@shared/contracts/content";
import { newsCategoryPath, newsItemPath } from "./paths";
import type { NewsCard, NewsCategoryLink } from "./types";

export function categoryLink(category: NewsCategory): NewsCategoryLink {
  return { ...category, href: newsCategoryPath(category.slug) };
}

export function newsCard(item: NewsSummary): NewsCard {
  return {
    slug: item.slug,
    title: item.title,
    summary: item.summary,
    publishedAt: item.published_at,
    href: newsItemPath(item.category.slug, item.slug),
    category: { title: item.category.title, href: newsCategoryPath(item.category.slug) },
    picture: item.picture,
  };
}
