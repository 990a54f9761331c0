import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsList } from "~/components/news/NewsList";
import { requireUser } from "~/services/guards.server";
import { loadNewsIndex } from "~/services/news/index.server";
import contentStyles from "~/styles/content.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && data.page > 1 ? `Actualités, page ${data.page} · NautiDistrib` : "Actualités · NautiDistrib" },
];

/** /actualites: every published item, newest first, a page at a time (`?page=`). */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  return loadNewsIndex(user, new URL(args.request.url));
}

export default function NewsPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <div className="content-page">
      <h1>Actualités</h1>
      <p className="content-page__lead">
        Les nouveautés du catalogue, la vie de NautiDistrib et la réglementation qui concerne vos clients.
      </p>
      <NewsList list={list} />
    </div>
  );
}
