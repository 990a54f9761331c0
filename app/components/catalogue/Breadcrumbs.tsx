import { Link } from "@remix-run/react";
import type { Crumb } from "~/services/catalogue/types";

/** Catalogue > parents > current page (the last crumb is the page itself, not a link). */
export function Breadcrumbs({ crumbs, current }: { crumbs: Crumb[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Fil d'Ariane">
      <ol>
        <li>
          <Link to="/catalogue">Catalogue</Link>
        </li>
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            <Link to={crumb.href}>{crumb.title}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
