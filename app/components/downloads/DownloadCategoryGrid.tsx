import { Link } from "@remix-run/react";
import type { DownloadCategoryLink } from "~/services/downloads/types";
import { documentCount } from "./documentCount";

type Category = DownloadCategoryLink & { children?: DownloadCategoryLink[] };

/** Categories as cards: title (the link), description, how many documents, and their sub-categories when given. */
export function DownloadCategoryGrid({ categories, label }: { categories: Category[]; label: string }) {
  return (
    <ul className="download-categories" aria-label={label}>
      {categories.map((category) => (
        <li key={category.href} className="download-category">
          <h2 className="download-category__title">
            <Link to={category.href}>{category.title}</Link>
          </h2>
          <p className="download-category__description">{category.description}</p>
          <p className="download-category__count">{documentCount(category.count)}</p>
          {category.children && category.children.length > 0 ? (
            <ul className="download-category__children">
              {category.children.map((child) => (
                <li key={child.href}>
                  <Link to={child.href}>{child.title}</Link> <span className="muted">({child.count})</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
