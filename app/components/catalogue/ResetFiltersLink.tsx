import { Link, useLocation } from "@remix-run/react";
import { unfilteredSearch } from "~/services/catalogue/list-url";
import type { ListParams } from "~/services/catalogue/types";

/**
 * « Réinitialiser les filtres »: the same page without its brand, stock and promotion filters
 * (search and sort kept), so a filter that empties the list is never a dead end.
 */
export function ResetFiltersLink({ params, className }: { params: ListParams; className?: string }) {
  const { pathname } = useLocation();
  return (
    <Link to={`${pathname}${unfilteredSearch(params)}`} className={className}>
      Réinitialiser les filtres
    </Link>
  );
}
