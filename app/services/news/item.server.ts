import { redirect } from "@remix-run/node";
import type { ActiveUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { slugParam } from "./params.server";
import { newsItemPath } from "./paths";
import type { NewsItemView } from "./types";
import { categoryLink, newsCard } from "./views.server";

/**
 * /actualites/{category}/{item}: one published item with its body. The item's slug names it
 * alone: under another category's slug (it moved, or the link was shortened by hand) the
 * address answers a 301 to its own, as a category path with wrong parents does (decision
 * 0040); an unknown or unpublished item is a 404.
 */
export async function loadNewsItem(user: ActiveUser, params: { catSlug?: string; newsSlug?: string }): Promise<NewsItemView> {
  const category = slugParam(params.catSlug);
  const slug = slugParam(params.newsSlug);
  const [item, categories] = await Promise.all([user.upstream.content.newsItem(slug), user.upstream.content.newsCategories()]).catch(
    asRouteError,
  );
  if (item.category.slug !== category) throw redirect(newsItemPath(item.category.slug, item.slug), 301);
  return { item: { ...newsCard(item), body: item.body }, categories: categories.map(categoryLink) };
}
