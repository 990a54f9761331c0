import { Trail, type TrailCrumb } from "~/components/ui/Trail";

const NEWS = { title: "Actualités", href: "/actualites" };

/** Actualités › category › current page. */
export function NewsTrail({ crumbs, current }: { crumbs: TrailCrumb[]; current: string }) {
  return <Trail root={NEWS} crumbs={crumbs} current={current} />;
}
