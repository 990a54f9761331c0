import { data } from "@remix-run/node";
import { contentSlug } from "@shared/contracts/content";
import type { ActiveUser } from "~/services/guards.server";
import { asRouteError } from "~/services/route-errors.server";
import { downloadCategoryPath } from "./paths";
import type { DownloadCategoryView, DownloadTreeView } from "./types";
import { categoryLink, documentView } from "./views.server";

function slugParam(raw: string | undefined): string {
  const parsed = contentSlug.safeParse(raw);
  if (!parsed.success) throw data({ message: null }, { status: 404 });
  return parsed.data;
}

/** /telechargements: the categories and their sub-categories, with what the organization may download. */
export async function loadDownloadTree(user: ActiveUser): Promise<DownloadTreeView> {
  const tree = await user.upstream.content.downloadTree().catch(asRouteError);
  return {
    categories: tree.items.map((top) => ({ ...categoryLink(top), children: top.children.map((child) => categoryLink(child, top.slug)) })),
  };
}

/**
 * /telechargements/{category} and /telechargements/{category}/{sub-category}: the documents
 * the organization may download there; an unknown category is a 404.
 */
export async function loadDownloadCategory(
  user: ActiveUser,
  params: { catSlug?: string; childSlug?: string },
  withChild: boolean,
): Promise<DownloadCategoryView> {
  const slug = slugParam(params.catSlug);
  const child = withChild ? slugParam(params.childSlug) : undefined;
  const answer = await user.upstream.content.downloadCategory(slug, child).catch(asRouteError);
  return {
    category: child === undefined ? categoryLink(answer.category) : categoryLink(answer.category, slug),
    parent: answer.parent ? { title: answer.parent.title, href: downloadCategoryPath(answer.parent.slug) } : null,
    children: answer.children.map((summary) => categoryLink(summary, slug)),
    documents: answer.documents.map(documentView),
  };
}
