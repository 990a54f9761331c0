/**
 * View models of /telechargements and its pages, shared by app/services/downloads/ and
 * app/components/downloads/ (docs/content.md). Sizes are bytes and dates YYYY-MM-DD: the
 * components write them in French.
 */

export interface DownloadCategoryLink {
  slug: string;
  title: string;
  description: string;
  /** Documents the organization may download in it (a top category: with its sub-categories'). */
  count: number;
  href: string;
}

export interface DownloadTreeView {
  categories: (DownloadCategoryLink & { children: DownloadCategoryLink[] })[];
}

export interface DownloadDocumentView {
  id: number;
  title: string;
  description: string;
  /** The access-checked route that streams it. */
  href: string;
  fileName: string;
  /** « PDF », « ZIP »…: what the file is, in a word. */
  type: string;
  size: number;
  publishedOn: string;
  /** Published for some organizations only (the reader's among them). */
  restricted: boolean;
}

export interface DownloadCategoryView {
  category: DownloadCategoryLink;
  /** The top category above a sub-category; null on a top category. */
  parent: { title: string; href: string } | null;
  children: DownloadCategoryLink[];
  documents: DownloadDocumentView[];
}
