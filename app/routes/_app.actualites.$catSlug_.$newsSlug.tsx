import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsArticle } from "~/components/news/NewsArticle";
import { requireUser } from "~/services/guards.server";
import { loadNewsItem } from "~/services/news/index.server";
import contentStyles from "~/styles/content.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.item.title} · Actualités · NautiDistrib` : "Actualités · NautiDistrib" },
  ...(data ? [{ name: "description", content: data.item.summary }] : []),
];

/**
 * /actualites/{category}/{item}: the item in full. Under another category's slug: a 301 to its
 * own address; unknown or not yet published: a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  return loadNewsItem(user, args.params);
}

export default function NewsItemPage() {
  const view = useLoaderData<typeof loader>();
  return (
    <div className="content-page">
      <NewsArticle view={view} />
    </div>
  );
}
