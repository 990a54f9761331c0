import { data } from "@remix-run/node";
import { canonicalSlugs, categoryTrailById } from "@shared/domain/category-path";
import { categoryHref } from "./list-url";
import type { ProductPageView } from "./types";
import { favoriteIdsOf } from "./listing.server";
import { priceViewOf } from "./pricing.server";
import { settleStocks, stockPromises } from "./stock.server";
import { categoryTreeOf, type CatalogueUser } from "./user.server";
import { asRouteError } from "~/services/route-errors.server";

export type ProductPageData = ProductPageView;

/** Properties shown in the technical table: the two flags have their own notices. */
const FLAG_PROPERTIES = new Set(["Produit MMSI", "hazardous"]);

function propertyText(value: string | number | boolean): string {
  if (typeof value === "boolean") return value ? "Oui" : "Non";
  return String(value);
}

/** A document link is shown only when it is a path of this site or an https address. */
function isSafeDocumentUrl(url: string): boolean {
  return (url.startsWith("/") && !url.startsWith("//")) || url.startsWith("https://");
}

/** /catalogue/produit/{prd_id}: a numeric id only; anything else, or an unknown id, is a 404. */
export async function loadProductPage(user: CatalogueUser, rawId: string | undefined): Promise<ProductPageData> {
  if (rawId === undefined || !/^\d{1,9}$/.test(rawId) || Number(rawId) === 0) throw data({ message: null }, { status: 404 });
  const [detail, tree, favorites] = await Promise.all([
    user.upstream.pim.getProduct(user.usrId, Number(rawId)).catch(asRouteError),
    categoryTreeOf(user).catch(() => []),
    favoriteIdsOf(user),
  ]);
  // Shipping lines are products of the back-office, not of the catalogue.
  if (detail.prd_is_port) throw data({ message: null }, { status: 404 });

  const trail = detail.category_id === null ? null : categoryTrailById(tree, detail.category_id);
  const slugs = trail ? canonicalSlugs(trail) : [];
  return {
    product: {
      id: detail.obj_id,
      ref: detail.obj_ref,
      title: detail.obj_title,
      name: detail.obj_name,
      brand: detail.brand ? { slug: detail.brand.obj_slug, title: detail.brand.obj_title } : null,
      description: detail.description,
      images: detail.images,
      documents: detail.documents.filter((document) => isSafeDocumentUrl(document.url)),
      certificatesInfo: detail.certificates_info,
      isMmsi: detail.obj_properties["Produit MMSI"] === true,
      isHazardous: detail.obj_properties.hazardous === true,
      discontinued: detail.prd_discontinued,
      properties: Object.entries(detail.obj_properties)
        .filter(([name]) => !FLAG_PROPERTIES.has(name))
        .map(([name, value]) => ({ name, value: propertyText(value) })),
    },
    price: user.permissions.canViewPrices ? priceViewOf(detail, user.catCompta) : null,
    isFavorite: favorites.has(detail.obj_id),
    canUpdateCart: user.permissions.canUpdateCart && !detail.prd_discontinued,
    canRequestQuote: user.permissions.canViewQuotes && !detail.prd_discontinued,
    crumbs: (trail ?? []).map((category, index) => ({ title: category.obj_title, href: categoryHref(slugs.slice(0, index + 1)) })),
    stock:
      (await settleStocks(stockPromises(user.upstream, [detail.obj_id], user.catalogue.config), user.catalogue.config.stockWaitMs))[
        detail.obj_id
      ] ?? null,
  };
}
