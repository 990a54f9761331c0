import { data, redirect } from "@remix-run/node";
import type { Category } from "@shared/contracts/entities";
import { canonicalSlugs, resolveCategoryPath } from "@shared/domain/category-path";
import type { Crumb } from "./types";
import { categoryHref } from "./list-url";
import type { CategoryLink } from "./types";
import { loadProductList, type LoadedProductList } from "./listing.server";
import { categoryTreeOf, type CatalogueUser } from "./user.server";
import { asRouteError } from "~/services/route-errors.server";

export interface CategoryPage extends LoadedProductList {
  title: string;
  crumbs: Crumb[];
  subcategories: CategoryLink[];
}

/** Links to the children of a category whose canonical slugs are `parentSlugs`. */
export function childLinks(children: readonly Category[], parentSlugs: readonly string[]): CategoryLink[] {
  return children.map((child) => ({ id: child.obj_id, title: child.obj_title, href: categoryHref([...parentSlugs, child.obj_slug]) }));
}

/**
 * /catalogue/{parents…}/{slug}: the path is checked against the user's tree. A known slug
 * under wrong parents is redirected (301) to its canonical path, keeping the query string;
 * anything else is a 404 (docs/decisions/0040-category-paths.md).
 */
export async function loadCategoryPage(user: CatalogueUser, splat: string, url: URL): Promise<CategoryPage> {
  const slugs = splat.split("/").filter((slug) => slug !== "");
  const tree = await categoryTreeOf(user).catch(asRouteError);
  const resolution = resolveCategoryPath(tree, slugs);
  if (resolution.kind === "not-found") throw data({ message: null }, { status: 404 });
  const trail = resolution.trail;
  const path = canonicalSlugs(trail);
  if (resolution.kind === "redirect") throw redirect(`${categoryHref(path)}${url.search}`, 301);

  const category = trail[trail.length - 1];
  if (!category) throw data({ message: null }, { status: 404 });
  const loaded = await loadProductList(user, { kind: "category", categoryId: category.obj_id }, url);
  return {
    ...loaded,
    title: category.obj_title,
    crumbs: trail.slice(0, -1).map((parent, index) => ({ title: parent.obj_title, href: categoryHref(path.slice(0, index + 1)) })),
    subcategories: childLinks(category.obj_childs, path),
  };
}
