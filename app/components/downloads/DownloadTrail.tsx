import { Trail, type TrailCrumb } from "~/components/ui/Trail";

const DOWNLOADS = { title: "Téléchargements", href: "/telechargements" };

/** Téléchargements › category › current page. */
export function DownloadTrail({ crumbs, current }: { crumbs: TrailCrumb[]; current: string }) {
  return <Trail root={DOWNLOADS} crumbs={crumbs} current={current} />;
}
