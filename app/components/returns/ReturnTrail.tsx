import { Trail, type TrailCrumb } from "~/components/ui/Trail";
import { RETURNS_PATH } from "~/services/returns/types";

const ACCOUNT: TrailCrumb = { title: "Mon compte", href: "/mon-compte" };
const RETURNS: TrailCrumb = { title: "Retours", href: RETURNS_PATH };

/** The returns pages' breadcrumbs: Mon compte › Retours › the page (the list itself: Mon compte › Retours). */
export function ReturnTrail({ current }: { current: string | null }) {
  return current === null ? (
    <Trail root={ACCOUNT} crumbs={[]} current={RETURNS.title} />
  ) : (
    <Trail root={ACCOUNT} crumbs={[RETURNS]} current={current} />
  );
}
