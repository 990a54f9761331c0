import type { ProductSummary } from "@shared/contracts/api";
import type { BrandOption, CardPriceView, PriceView, ProductCardView, ProductListView } from "./types";
import { PER_PAGE, parseListParams, toProductListQuery } from "./query.server";
import { priceViewOf } from "./pricing.server";
import { settleStocks, stockPromises, stocksFromListing, type StockEntries } from "./stock.server";
import { brandsOf, type CatalogueUser } from "./user.server";
import { asRouteError } from "~/services/route-errors.server";
import type { ProductPage } from "~/services/upstream/pim.server";

/** Which products a list shows: a category (with its sub-categories), a brand, the whole catalogue, or favourites. */
export type ListScope =
  { kind: "category"; categoryId: number } | { kind: "brand"; brandId: number } | { kind: "search" } | { kind: "favorites" };

export interface LoadedProductList {
  list: ProductListView;
  /** In the page when it came within the budget, else streamed after it. */
  stocks: StockEntries;
  /** The product of the organization's own code the search was, when it is on the page (docs/part-numbers-portal.md). */
  ownCodeProductId?: number;
}

/** Only what a card renders (types.ts, CardPriceView): the rest of the price is for the product page. */
function cardPriceOf(price: PriceView | null): CardPriceView | null {
  if (price === null) return null;
  return { unitPrice: price.unitPrice, listPrice: price.listPrice, promotion: price.promotion ? { name: price.promotion.name } : null };
}

export function toCardView(product: ProductSummary, user: CatalogueUser, favoriteIds: ReadonlySet<number>): ProductCardView {
  return {
    id: product.obj_id,
    ref: product.obj_ref,
    title: product.obj_title,
    brand: product.brand ? { title: product.brand.obj_title } : null,
    image: product.image,
    discontinued: product.prd_discontinued,
    price: user.permissions.canViewPrices ? cardPriceOf(priceViewOf(product, user.catCompta)) : null,
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
    return user.upstream.pim.listFavorites({ ...favoriteQuery, with_brands: "1" });
  }
  // The favourite flags, and in batch mode the stock, come with the page: one back-office call
  // instead of three. The per-product stock mode keeps its own paced calls. The brand filter's
  // choices too, except on a brand's page where the brand is the list.
  const withStock = user.catalogue.config.stockMode === "batch" ? "1" : undefined;
  const withBrands = scope.kind === "brand" ? undefined : "1";
  return user.upstream.pim.listProducts({ ...query, with_favorites: "1", with_stock: withStock, with_brands: withBrands });
}

/** Every brand that has products, without counts: for an upstream that does not count. */
function everyBrand(user: CatalogueUser): Promise<BrandOption[]> {
  return brandsOf(user)
    .then((brands) =>
      brands.filter((brand) => brand.product_count > 0).map((brand) => ({ id: brand.obj_id, title: brand.obj_title, count: null })),
    )
    .catch(() => []);
}

/**
 * The brand filter's choices: the brands the list holds, with their counts, as the back-office
 * counts them with every other filter applied, so no choice leads to an empty list.
 */
function brandOptionsOf(user: CatalogueUser, scope: ListScope, page: ProductPage): Promise<BrandOption[]> {
  if (scope.kind === "brand") return Promise.resolve([]);
  if (page.brands)
    return Promise.resolve(page.brands.map((brand) => ({ id: brand.obj_id, title: brand.obj_title, count: brand.product_count })));
  return everyBrand(user);
}

/**
 * The favourite flags of a page: every product of the favourites list is one; a product list
 * carries its flags; an upstream that sent none is asked for the ids (one more call).
 */
function favoritesOf(user: CatalogueUser, scope: ListScope, page: ProductPage): Promise<ReadonlySet<number>> {
  if (scope.kind === "favorites") return Promise.resolve(new Set(page.items.map((item) => item.obj_id)));
  if (page.favorite_ids) return Promise.resolve(new Set(page.favorite_ids));
  return favoriteIdsOf(user);
}

/**
 * One page of products with the URL's filters, sort and page: the list, with its favourite
 * flags and the brand filter's choices; the stock is left to stream.
 */
export async function loadProductList(user: CatalogueUser, scope: ListScope, url: URL): Promise<LoadedProductList> {
  const { params, notices } = parseListParams(url.searchParams, { canViewPrices: user.permissions.canViewPrices });
  const query = toProductListQuery(params, user.usrId, {
    categoryId: scope.kind === "category" ? scope.categoryId : undefined,
    brandId: scope.kind === "brand" ? scope.brandId : undefined,
  });
  const page = await fetchPage(user, scope, query).catch(asRouteError);
  const [favorites, brands] = await Promise.all([favoritesOf(user, scope, page), brandOptionsOf(user, scope, page)]);
  const items = page.items.map((product) => toCardView(product, user, favorites));
  return {
    ...(page.found_by_code ? { ownCodeProductId: page.found_by_code.obj_id } : {}),
    list: {
      params,
      notices,
      items,
      total: page.total,
      pageCount: Math.max(1, Math.ceil(page.total / PER_PAGE)),
      brands,
      canViewPrices: user.permissions.canViewPrices,
      canUpdateCart: user.permissions.canUpdateCart,
    },
    stocks: page.stocks
      ? stocksFromListing(
          items.map((item) => item.id),
          page.stocks,
        )
      : await settleStocks(
          stockPromises(
            user.upstream,
            items.map((item) => item.id),
            user.catalogue.config,
          ),
          user.catalogue.config.stockWaitMs,
        ),
  };
}
