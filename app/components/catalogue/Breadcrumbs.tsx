import { Trail } from "~/components/ui/Trail";
import type { Crumb } from "~/services/catalogue/types";

const CATALOGUE = { title: "Catalogue", href: "/catalogue" };

/** Catalogue > parents > current page (the last crumb is the page itself, not a link). */
export function Breadcrumbs({ crumbs, current }: { crumbs: Crumb[]; current: string }) {
  return <Trail root={CATALOGUE} crumbs={crumbs} current={current} />;
}
