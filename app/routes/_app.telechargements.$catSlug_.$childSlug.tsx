import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DownloadCategoryPage } from "~/components/downloads/DownloadCategoryPage";
import { loadDownloadCategory } from "~/services/downloads/index.server";
import { requireUser } from "~/services/guards.server";
import contentStyles from "~/styles/content.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.category.title} · ${data.parent?.title ?? "Téléchargements"} · NautiDistrib` : "Téléchargements · NautiDistrib" },
];

/** /telechargements/{category}/{sub-category}: the documents the organization may download there; unknown: a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  return loadDownloadCategory(user, args.params, true);
}

export default function DownloadSubCategoryRoute() {
  return <DownloadCategoryPage view={useLoaderData<typeof loader>()} />;
}
