import type { z } from "zod";
import {
  brandListResponse,
  productDetail,
  productListResponse,
  type Brand,
  type ProductDetail,
  type ProductListQuery,
  type ProductSummary,
} from "@shared/contracts/api";
import { category, type Category, type Stock } from "@shared/contracts/entities";
import {
  favoriteIdsResponse,
  favoriteListResponse,
  favoriteStateResponse,
  type FavoriteListQuery,
  type FavoriteState,
} from "@shared/contracts/favorites";
import type { UpstreamHttp } from "./http.server";

/** One page of a product list, as the back-office answers it. */
export interface ProductPage {
  items: ProductSummary[];
  total: number;
  page: number;
  per_page: number;
  /** Asked with `with_favorites`: which of `items` are the caller's favourites. */
  favorite_ids?: number[];
  /** Asked with `with_stock`: the stock of `items`. */
  stocks?: Stock[];
  /** Asked with `with_brands`: the list's brands (every filter but the brand's) with their counts. */
  brands?: Brand[];
  /** The search was one of the organization's own codes, whose product is on this page (docs/part-numbers.md). */
  found_by_code?: { obj_id: number; code: string };
}

/** The back-office's /api/pim endpoints used so far. */
export interface PimClient {
  getCategories(usrId: number): Promise<Category[]>;
  listBrands(): Promise<Brand[]>;
  listProducts(query: ProductListQuery): Promise<ProductPage>;
  /** A product by id or reference, with the prices of the acting organization. */
  getProduct(usrId: number, refOrId: string | number): Promise<ProductDetail>;
  /** A product by reference only, even an all-digit one (`by=ref`); 404 UpstreamError when unknown. */
  getProductByRef(usrId: number, ref: string): Promise<ProductDetail>;
  listFavorites(query: FavoriteListQuery): Promise<ProductPage>;
  favoriteIds(usrId: number): Promise<number[]>;
  addFavorite(usrId: number, productId: number): Promise<FavoriteState>;
  removeFavorite(usrId: number, productId: number): Promise<FavoriteState>;
}

const categoryTree: z.ZodType<Category[]> = category.array();

/** Query values as the HTTP layer takes them: absent filters are left out of the URL. */
function listQuery(query: ProductListQuery | FavoriteListQuery): Record<string, string | number | undefined> {
  return {
    usr_id: query.usr_id,
    category: "category" in query ? query.category : undefined,
    brand: query.brand,
    q: query.q === "" ? undefined : query.q,
    in_stock: query.in_stock,
    promo: query.promo,
    sort: query.sort,
    page: query.page,
    per_page: query.per_page,
    with_favorites: query.with_favorites,
    with_stock: query.with_stock,
    with_brands: query.with_brands,
  };
}

export function createPimClient(http: UpstreamHttp): PimClient {
  return {
    getCategories: (usrId) => http.send({ method: "GET", path: "api/pim/categories", query: { usr_id: usrId }, schema: categoryTree }),
    listBrands: () => http.send({ method: "GET", path: "api/pim/brands", schema: brandListResponse }),
    listProducts: (query) => http.send({ method: "GET", path: "api/pim/products", query: listQuery(query), schema: productListResponse }),
    getProduct: (usrId, refOrId) =>
      http.send({
        method: "GET",
        path: `api/pim/products/${encodeURIComponent(String(refOrId))}`,
        query: { usr_id: usrId },
        schema: productDetail,
      }),
    getProductByRef: (usrId, ref) =>
      http.send({
        method: "GET",
        path: `api/pim/products/${encodeURIComponent(ref)}`,
        query: { usr_id: usrId, by: "ref" },
        schema: productDetail,
      }),
    listFavorites: (query) =>
      http.send({ method: "GET", path: "api/pim/favorites", query: listQuery(query), schema: favoriteListResponse }),
    favoriteIds: (usrId) =>
      http.send({ method: "GET", path: "api/pim/favorites/ids", query: { usr_id: usrId }, schema: favoriteIdsResponse }),
    addFavorite: (usrId, productId) =>
      http.send({
        method: "POST",
        path: `api/pim/favorites/${productId}`,
        query: { usr_id: usrId },
        body: {},
        schema: favoriteStateResponse,
      }),
    removeFavorite: (usrId, productId) =>
      http.send({
        method: "DELETE",
        path: `api/pim/favorites/${productId}`,
        query: { usr_id: usrId },
        schema: favoriteStateResponse,
      }),
  };
}
