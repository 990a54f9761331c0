import { Link } from "@remix-run/react";
import { listSearch } from "~/services/catalogue/list-url";
import type { ListParams } from "~/services/catalogue/types";

/** Pages around the current one, with first and last: 1 … 4 5 [6] 7 8 … 20. */
function visiblePages(current: number, count: number): (number | "gap")[] {
  const pages = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= count).sort((a, b) => a - b);
  const withGaps: (number | "gap")[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) withGaps.push("gap");
    withGaps.push(page);
  }
  return withGaps;
}

export function Pagination({ params, pageCount }: { params: ListParams; pageCount: number }) {
  if (pageCount <= 1) return null;
  const current = Math.min(params.page, pageCount);
  return (
    <nav className="pagination" aria-label="Pagination">
      {current > 1 ? (
        <Link to={listSearch(params, { page: current - 1 })} rel="prev" className="pagination__step">
          Page précédente
        </Link>
      ) : null}
      <ul>
        {visiblePages(current, pageCount).map((page, index) =>
          page === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page" className="pagination__current">
                  <span className="visually-hidden">Page </span>
                  {page}
                </span>
              ) : (
                <Link to={listSearch(params, { page })} aria-label={`Page ${page}`}>
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {current < pageCount ? (
        <Link to={listSearch(params, { page: current + 1 })} rel="next" className="pagination__step">
          Page suivante
        </Link>
      ) : null}
    </nav>
  );
}
