import type { ProductSummary } from "../../shared/contracts/api";
import type { ProductCardView, ProductListView } from "../components/catalogue/types";
import { cachedBrands } from "./catalogue-cache.server";
import { PER_PAGE, parseListParams, toProductListQuery } from "./catalogue-query.server";
import { priceViewOf } from "./catalogue-pricing.server";
import { settleStocks, stockPromises, type StockEntries } from "./catalogue-stock.server";
import type { CatalogueUser } from "./catalogue-user.server";
import { asRouteError } from "./route-errors.server";
import type { ProductPage } from "./upstream/pim.server";

/** Which products a list shows: a category (with its sub-categories), a brand, the whole catalogue, or favourites. */
export type ListScope =
  | { kind: "category"; categoryId: number }
  | { kind: "brand"; brandId: number }
  | { kind: "search" }
  | { kind: "favorites" };

export interface LoadedProductList {
  list: ProductListView;
  /** In the page when it came within the budget, else streamed after it. */
  stocks: StockEntries;
}

export function toCardView(product: ProductSummary, user: CatalogueUser, favoriteIds: ReadonlySet<number>): ProductCardView {
  return {
    id: product.obj_id,
    ref: product.obj_ref,
    title: product.obj_title,
    brand: product.brand ? { slug: product.brand.obj_slug, title: product.brand.obj_title } : null,
    image: product.image,
    discontinued: product.prd_discontinued,
    price: user.permissions.canViewPrices ? priceViewOf(product, user.catCompta) : null,
    isFavorite: favoriteIds.has(product.obj_id),
  };
}

/** The user's favourite ids; the list still shows if they cannot be read (toggles then offer "add"). */
export function favoriteIdsOf(user: CatalogueUser): Promise<Set<number>> {
  return user.upstream.pim
    .favoriteIds(user.usrId)
    .then((ids) => new Set(ids))
    .catch(() => new Set<number>());
}

function fetchPage(user: CatalogueUser, scope: ListScope, query: ReturnType<typeof toProductListQuery>): Promise<ProductPage> {
  if (scope.kind === "favorites") {
    const { category: _category, ...favoriteQuery } = query;
    return user.upstream.pim.listFavorites(favoriteQuery);
  }
  return user.upstream.pim.listProducts(query);
}

/**
 * One page of products with the URL's filters, sort and page: the list, the brands of the
 * filter and the favourites are read in parallel; the stock is left to stream.
 */
export async function loadProductList(user: CatalogueUser, scope: ListScope, url: URL): Promise<LoadedProductList> {
  const { params, notices } = parseListParams(url.searchParams, { canSortByPrice: user.permissions.canViewPrices });
  const query = toProductListQuery(params, user.usrId, {
    categoryId: scope.kind === "category" ? scope.categoryId : undefined,
    brandId: scope.kind === "brand" ? scope.brandId : undefined,
  });
  const [page, brands, favorites] = await Promise.all([
    fetchPage(user, scope, query).catch(asRouteError),
    scope.kind === "brand" ? Promise.resolve([]) : cachedBrands(user.upstream).catch(() => []),
    favoriteIdsOf(user),
  ]);
  const items = page.items.map((product) => toCardView(product, user, favorites));
  return {
    list: {
      params,
      notices,
      items,
      total: page.total,
      pageCount: Math.max(1, Math.ceil(page.total / PER_PAGE)),
      brands: brands.filter((brand) => brand.product_count > 0).map((brand) => ({ id: brand.obj_id, title: brand.obj_title })),
      canViewPrices: user.permissions.canViewPrices,
      canUpdateCart: user.permissions.canUpdateCart,
    },
    stocks: await settleStocks(stockPromises(user.upstream, items.map((item) => item.id))),
  };
}
