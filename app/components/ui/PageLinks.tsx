import { Link } from "@remix-run/react";

/**
 * Previous and next pages of an account list; `query` keeps its filters. A page with two lists
 * names each one's parameter (`param`) and its navigation (`label`).
 */
export function PageLinks({
  path,
  query,
  page,
  pageCount,
  param = "page",
  label = "Pagination",
}: {
  path: string;
  query: string;
  page: number;
  pageCount: number;
  param?: string;
  label?: string;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const href = (target: number) => {
    const search = new URLSearchParams(query);
    if (target > 1) search.set(param, String(target));
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  };
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pageCount))} rel="prev" className="pagination__step">
          Page précédente
        </Link>
      ) : null}
      <span>
        Page {Math.min(page, Math.max(pageCount, 1))} sur {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="pagination__step">
          Page suivante
        </Link>
      ) : null}
    </nav>
  );
}
