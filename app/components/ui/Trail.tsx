import { Link } from "@remix-run/react";

export interface TrailCrumb {
  title: string;
  href: string;
}

/**
 * A breadcrumb trail: the section's root, its parents, then the current page, which is the last
 * crumb and not a link. The catalogue, the news and the downloads draw theirs with it.
 */
export function Trail({ root, crumbs, current }: { root: TrailCrumb; crumbs: readonly TrailCrumb[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Fil d'Ariane">
      <ol>
        <li>
          <Link to={root.href}>{root.title}</Link>
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
