import { NEWS_PAGE_SIZE } from "@shared/contracts/content";
import type { ActiveUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { notFound, pageParam, slugParam } from "./params.server";
import { NEWS_ROOT, newsCategoryPath } from "./paths";
import type { NewsListView } from "./types";
import { categoryLink, newsCard } from "./views.server";

/**
 * /actualites and /actualites/{category}: a page of published items, newest first, with the
 * categories beside. An unknown category, or a page past the last, is a 404.
 */
async function loadList(user: ActiveUser, categorySlug: string | undefined, url: URL): Promise<NewsListView> {
  const page = pageParam(url);
  const [categories, answer] = await Promise.all([
    user.upstream.content.newsCategories(),
    user.upstream.content.news({ category: categorySlug, page, size: NEWS_PAGE_SIZE }),
  ]).catch(asRouteError);
  const pageCount = Math.max(1, Math.ceil(answer.total / NEWS_PAGE_SIZE));
  if (page > pageCount) notFound();
  return {
    category: answer.category ? categoryLink(answer.category) : null,
    categories: categories.map(categoryLink),
    items: answer.items.map(newsCard),
    total: answer.total,
    page,
    pageCount,
    path: categorySlug === undefined ? NEWS_ROOT : newsCategoryPath(categorySlug),
  };
}

export function loadNewsIndex(user: ActiveUser, url: URL): Promise<NewsListView> {
  return loadList(user, undefined, url);
}

export function loadNewsCategory(user: ActiveUser, category: string | undefined, url: URL): Promise<NewsListView> {
  return loadList(user, slugParam(category), url);
}
