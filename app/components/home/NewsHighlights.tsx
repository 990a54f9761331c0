import { Link } from "@remix-run/react";
import type { NewsHighlightView } from "~/services/home/types";
import { formatDate } from "@shared/domain/french-format";

/** The distributor's latest news, with a link to all of them. */
export function NewsHighlights({ items }: { items: NewsHighlightView[] }) {
  if (items.length === 0) return <p className="muted">Aucune actualité pour le moment.</p>;
  return (
    <>
      <ul className="home-news">
        {items.map((item) => (
          <li key={item.id} className="home-news__item">
            <img src={item.picture.url} alt={item.picture.alt} width={160} height={90} loading="lazy" decoding="async" />
            <div>
              <p className="home-news__meta">
                {item.category} · <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
              </p>
              <h3>
                <Link to={item.href}>{item.title}</Link>
              </h3>
              <p>{item.summary}</p>
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/actualites">Toutes les actualités</Link>
      </p>
    </>
  );
}
