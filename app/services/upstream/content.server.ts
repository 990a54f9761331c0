import {
  downloadCategoryResponse,
  downloadTreeResponse,
  newsCategoriesResponse,
  newsItem,
  newsListResponse,
  type DownloadCategoryResponse,
  type DownloadTreeResponse,
  type NewsCategory,
  type NewsItem,
  type NewsListQuery,
  type NewsListResponse,
  type NewsSummary,
} from "@shared/contracts/content";
import type { UpstreamFile, UpstreamHttp } from "./http.server";

/**
 * The distributor's news and documents (docs/content.md, /api/content, any portal user's
 * token): an unknown category, item or document, or a document the organization may not have,
 * is a 404 UpstreamError. Slugs are checked by the caller before they are sent.
 */
export interface ContentClient {
  newsCategories(): Promise<NewsCategory[]>;
  /** A page of published items, newest first: all of them, or one category's (`category`). */
  news(query: NewsListQuery): Promise<NewsListResponse>;
  /** The `limit` latest published items, newest first (the home page's highlights). */
  latestNews(limit: number): Promise<NewsSummary[]>;
  newsItem(slug: string): Promise<NewsItem>;
  downloadTree(): Promise<DownloadTreeResponse>;
  /** A top category (`child` absent) or one of its sub-categories, with the documents the organization may have. */
  downloadCategory(slug: string, child?: string): Promise<DownloadCategoryResponse>;
  /** A document's file, streamed. */
  downloadFile(id: number): Promise<UpstreamFile>;
}

const segment = (value: string) => encodeURIComponent(value);

export function createContentClient(http: UpstreamHttp): ContentClient {
  return {
    newsCategories: () =>
      http.send({ method: "GET", path: "api/content/news/categories", schema: newsCategoriesResponse }).then((answer) => answer.items),
    news: (query) => http.send({ method: "GET", path: "api/content/news", query: { ...query }, schema: newsListResponse }),
    latestNews: (limit) =>
      http
        .send({ method: "GET", path: "api/content/news", query: { page: 1, size: limit }, schema: newsListResponse })
        .then((answer) => answer.items),
    newsItem: (slug) => http.send({ method: "GET", path: `api/content/news/items/${segment(slug)}`, schema: newsItem }),
    downloadTree: () => http.send({ method: "GET", path: "api/content/downloads", schema: downloadTreeResponse }),
    downloadCategory: (slug, child) =>
      http.send({
        method: "GET",
        path:
          child === undefined
            ? `api/content/downloads/categories/${segment(slug)}`
            : `api/content/downloads/categories/${segment(slug)}/${segment(child)}`,
        schema: downloadCategoryResponse,
      }),
    downloadFile: (id) => http.download({ method: "GET", path: `api/content/downloads/${id}/file` }),
  };
}
