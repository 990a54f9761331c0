import type { NewsItemView } from "~/services/news/types";
import { NewsBody } from "./NewsBody";
import { NewsCategoryNav } from "./NewsCategoryNav";
import { NewsTrail } from "./NewsTrail";
import { parisDate } from "@shared/domain/calendar";
import { formatDate } from "@shared/domain/french-format";

/** /actualites/{category}/{item}: the item in full, the categories beside. */
export function NewsArticle({ view }: { view: NewsItemView }) {
  const { item } = view;
  return (
    <>
      <NewsTrail crumbs={[item.category]} current={item.title} />
      <div className="content-layout">
        <NewsCategoryNav categories={view.categories} current={null} />
        <article className="content-main news-article">
          <h1>{item.title}</h1>
          <p className="news-card__meta">
            Publié le <time dateTime={parisDate(new Date(item.publishedAt))}>{formatDate(item.publishedAt)}</time> dans «{" "}
            {item.category.title} »
          </p>
          <img className="news-article__picture" src={item.picture.url} alt={item.picture.alt} width={800} height={450} />
          <p className="news-article__summary">{item.summary}</p>
          <NewsBody blocks={item.body} />
        </article>
      </div>
    </>
  );
}
