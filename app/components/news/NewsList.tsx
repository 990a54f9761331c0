import { PageLinks } from "~/components/ui/PageLinks";
import type { NewsListView } from "~/services/news/types";
import { NewsCardItem } from "./NewsCardItem";
import { ALL, NewsCategoryNav } from "./NewsCategoryNav";

/** /actualites and a category's page: the categories, a page of items, the page links. */
export function NewsList({ list }: { list: NewsListView }) {
  return (
    <div className="content-layout">
      <NewsCategoryNav categories={list.categories} current={list.category?.slug ?? ALL} />
      <section className="content-main" aria-label={list.pageCount > 1 ? `Articles, page ${list.page} sur ${list.pageCount}` : "Articles"}>
        {list.items.length > 0 ? (
          <ul className="news-grid">
            {list.items.map((item) => (
              <li key={item.slug}>
                <NewsCardItem item={item} showCategory={list.category === null} />
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucun article n'a encore été publié dans cette rubrique.</p>
        )}
        <PageLinks path={list.path} query="" page={list.page} pageCount={list.pageCount} />
      </section>
    </div>
  );
}
