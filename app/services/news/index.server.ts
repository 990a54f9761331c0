/** What routes use of the news (app/services/news/, docs/content.md). */
export { loadNewsItem } from "./item.server";
export { loadNewsCategory, loadNewsIndex } from "./list.server";
