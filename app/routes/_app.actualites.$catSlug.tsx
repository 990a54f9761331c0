import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewsList } from "~/components/news/NewsList";
import { NewsTrail } from "~/components/news/NewsTrail";
import { requireUser } from "~/services/guards.server";
import { loadNewsCategory } from "~/services/news/index.server";
import contentStyles from "~/styles/content.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.category) return [{ title: "Actualités · NautiDistrib" }];
  const page = data.page > 1 ? `, page ${data.page}` : "";
  return [{ title: `${data.category.title}${page} · Actualités · NautiDistrib` }];
};

/** /actualites/{category}: its published items, newest first (`?page=`); an unknown category is a 404. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  return loadNewsCategory(user, args.params.catSlug, new URL(args.request.url));
}

export default function NewsCategoryPage() {
  const list = useLoaderData<typeof loader>();
  const title = list.category?.title ?? "Actualités";
  return (
    <div className="content-page">
      <NewsTrail crumbs={[]} current={title} />
      <h1>{title}</h1>
      {list.category?.description ? <p className="content-page__lead">{list.category.description}</p> : null}
      <NewsList list={list} />
    </div>
  );
}
