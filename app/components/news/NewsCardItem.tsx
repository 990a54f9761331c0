import { Link } from "@remix-run/react";
import type { NewsCard } from "~/services/news/types";
import { parisDate } from "@shared/domain/calendar";
import { formatDate } from "@shared/domain/french-format";

/** One item in a list: its picture, title (the link), date, category (unless the list is the category's) and summary. */
export function NewsCardItem({ item, showCategory }: { item: NewsCard; showCategory: boolean }) {
  return (
    <article className="news-card">
      <img
        className="news-card__picture"
        src={item.picture.url}
        alt={item.picture.alt}
        width={400}
        height={225}
        loading="lazy"
        decoding="async"
      />
      <div className="news-card__text">
        <h2 className="news-card__title">
          <Link to={item.href}>{item.title}</Link>
        </h2>
        <p className="news-card__meta">
          <time dateTime={parisDate(new Date(item.publishedAt))}>{formatDate(item.publishedAt)}</time>
          {showCategory ? (
            <>
              {" · "}
              <Link to={item.category.href}>{item.category.title}</Link>
            </>
          ) : null}
        </p>
        <p className="news-card__summary">{item.summary}</p>
      </div>
    </article>
  );
}
