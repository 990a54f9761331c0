import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DownloadCategoryGrid } from "~/components/downloads/DownloadCategoryGrid";
import { loadDownloadTree } from "~/services/downloads/index.server";
import { requireUser } from "~/services/guards.server";
import contentStyles from "~/styles/content.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: "Téléchargements · NautiDistrib" }];

/** /telechargements: the categories and sub-categories, with what the organization may download. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  return loadDownloadTree(user);
}

export default function DownloadsPage() {
  const tree = useLoaderData<typeof loader>();
  return (
    <div className="content-page">
      <h1>Téléchargements</h1>
      <p className="content-page__lead">
        Catalogues, fiches techniques, déclarations de conformité et tarifs, à jour pour votre organisation.
      </p>
      <DownloadCategoryGrid categories={tree.categories} label="Rubriques des téléchargements" />
    </div>
  );
}
