/** What routes use of the catalogue: home, categories, brands, product pages, search, favourites (app/services/catalogue/). */
export { loadBrandIndex, loadBrandPage } from "./brands.server";
export { loadCategoryPage } from "./category.server";
export { toggleFavorite } from "./favorites.server";
export { loadCatalogueHome } from "./home.server";
export { loadProductList } from "./listing.server";
export { loadProductPage } from "./product.server";
export { MAX_QUERY_LENGTH, normalizeSearchText } from "./query.server";
export { brandsOf, categoryTreeOf, requireCatalogueUser } from "./user.server";
export type { CatalogueUser } from "./user.server";
