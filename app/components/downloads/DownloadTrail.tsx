import { Link } from "@remix-run/react";

/** Téléchargements › category › current page: the last crumb is the page itself, not a link. */
export function DownloadTrail({ crumbs, current }: { crumbs: { title: string; href: string }[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label="Fil d'Ariane">
      <ol>
        <li>
          <Link to="/telechargements">Téléchargements</Link>
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
