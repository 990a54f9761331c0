import type { NewsBlock } from "@shared/contracts/content";

/**
 * View models of /actualites and its pages, shared by app/services/news/ and
 * app/components/news/ (docs/content.md). Dates are ISO instants, shown in France's time.
 */

export type { NewsBlock };

export interface NewsCategoryLink {
  slug: string;
  title: string;
  description: string;
  /** Published items in it. */
  count: number;
  href: string;
}

export interface NewsCard {
  slug: string;
  title: string;
  summary: string;
  publishedAt: string;
  href: string;
  category: { title: string; href: string };
  picture: { url: string; alt: string };
}

export interface NewsListView {
  /** The category shown, or null for every item. */
  category: NewsCategoryLink | null;
  categories: NewsCategoryLink[];
  items: NewsCard[];
  total: number;
  page: number;
  pageCount: number;
  /** The list's path, for its page links. */
  path: string;
}

export interface NewsItemView {
  item: NewsCard & { body: NewsBlock[] };
  categories: NewsCategoryLink[];
}
