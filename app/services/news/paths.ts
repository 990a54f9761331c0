/** The news' addresses (docs/content.md): /actualites, /actualites/{category}, /actualites/{category}/{item}. */
export const NEWS_ROOT = "/actualites";

export function newsCategoryPath(category: string): string {
  return `${NEWS_ROOT}/${category}`;
}

export function newsItemPath(category: string, item: string): string {
  return `${NEWS_ROOT}/${category}/${item}`;
}
