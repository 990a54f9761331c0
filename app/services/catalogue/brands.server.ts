import { data } from "@remix-run/node";
import type { Brand } from "@shared/contracts/api";
import { loadProductList, type LoadedProductList } from "./listing.server";
import { brandsOf, type CatalogueUser } from "./user.server";
import { asRouteError } from "~/services/route-errors.server";

export interface BrandLetterGroup {
  letter: string;
  brands: { slug: string; title: string; productCount: number }[];
}

const frenchOrder = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

/** The index letter of a brand: its first letter without accent, "#" for a digit or a sign. */
function letterOf(title: string): string {
  const first = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
}

/** Brands with products, A to Z in French order, grouped by letter. */
export async function loadBrandIndex(user: CatalogueUser): Promise<BrandLetterGroup[]> {
  const brands = await brandsOf(user).catch(asRouteError);
  const groups = new Map<string, BrandLetterGroup>();
  for (const brand of [...brands].sort((a, b) => frenchOrder.compare(a.obj_title, b.obj_title))) {
    if (brand.product_count === 0) continue;
    const letter = letterOf(brand.obj_title);
    const group = groups.get(letter) ?? { letter, brands: [] };
    group.brands.push({ slug: brand.obj_slug, title: brand.obj_title, productCount: brand.product_count });
    groups.set(letter, group);
  }
  return [...groups.values()];
}

export interface BrandPage extends LoadedProductList {
  brand: Pick<Brand, "obj_title" | "obj_slug">;
}

/** /catalogue/marques/{obj_slug}: one brand's products with the list features; an unknown slug is a 404. */
export async function loadBrandPage(user: CatalogueUser, slug: string | undefined, url: URL): Promise<BrandPage> {
  const brands = await brandsOf(user).catch(asRouteError);
  const brand = brands.find((candidate) => candidate.obj_slug === slug);
  if (!brand) throw data({ message: null }, { status: 404 });
  const loaded = await loadProductList(user, { kind: "brand", brandId: brand.obj_id }, url);
  return { ...loaded, brand: { obj_title: brand.obj_title, obj_slug: brand.obj_slug } };
}
