import { Link } from "@remix-run/react";
import type { NewsCategoryLink } from "~/services/news/types";

/** `current` on /actualites: every item is listed (never a slug: slugs have no asterisk). */
export const ALL = "*";

/**
 * Every category with its count. `current`: the list shown (a category's slug, or ALL on
 * /actualites), marked as the current page; an item's page marks none.
 */
export function NewsCategoryNav({ categories, current }: { categories: NewsCategoryLink[]; current: string | null }) {
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  return (
    <nav className="content-nav" aria-label="Rubriques des actualités">
      <ul>
        <li>
          <Link to="/actualites" aria-current={current === ALL ? "page" : undefined}>
            Toutes les actualités <span className="content-nav__count">({total})</span>
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={category.href} aria-current={current === category.slug ? "page" : undefined}>
              {category.title} <span className="content-nav__count">({category.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
