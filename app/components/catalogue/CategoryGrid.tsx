import { Link } from "@remix-run/react";
import type { CategoryLink } from "~/services/catalogue/types";

/** A category's initials in a coloured tile: the demo catalogue has no category pictures. */
function initialsOf(title: string): string {
  const words = title.split(/[\s,'’-]+/).filter((word) => word.length > 2);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

export function CategoryGrid({ categories, label }: { categories: CategoryLink[]; label: string }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="category-grid">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={category.href} className="category-tile">
              <span className="category-tile__icon" aria-hidden="true" data-hue={category.id % 6}>
                {initialsOf(category.title)}
              </span>
              <span className="category-tile__title">{category.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
