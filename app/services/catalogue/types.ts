/**
 * What the catalogue's loaders hand to its components: plain data, prices already computed
 * by shared/domain on the server (components only format them).
 */

export type ListSort = "relevance" | "reference" | "name" | "price_asc" | "price_desc";

/** The list's state, as read from the URL (catalogue-query.server.ts). */
export interface ListParams {
  q: string;
  brandId: number | null;
  inStock: boolean;
  promo: boolean;
  sort: ListSort;
  page: number;
}

/** A customer's price of one unit, in cents. */
export interface PriceView {
  listPrice: number;
  /** The customer's net price before promotion. */
  netPrice: number;
  /** Discount off the list price, in percent; 0 when none. */
  discountPercent: number;
  promotion: { price: number; name: string | null } | null;
  /** What one unit costs, excluding tax: the promotion when it applies, else the net price. */
  unitPrice: number;
  /** Ecotax per unit; 0 for a tax-exempt account. */
  ecotaxe: number;
  /** Unit price plus ecotax plus VAT; null for a tax-exempt account (no VAT). */
  priceWithVat: number | null;
}

export interface StockView {
  available: number;
  refillDate: string | null;
  refillQty: number | null;
}

/**
 * What a card shows of a price. Cards carry only this: the loader data of a list is
 * serialized into the page, so every unused field is paid 24 times per page.
 */
export interface CardPriceView {
  unitPrice: number;
  listPrice: number;
  promotion: { name: string | null } | null;
}

export interface ProductCardView {
  id: number;
  ref: string;
  title: string;
  brand: { title: string } | null;
  image: string | null;
  discontinued: boolean;
  /** Null when the user may not see prices. */
  price: CardPriceView | null;
  isFavorite: boolean;
}

/** A choice of the brand filter. */
export interface BrandOption {
  id: number;
  title: string;
  /** Its products in the list as the other filters leave it; null when the upstream does not count them. */
  count: number | null;
}

export interface CategoryLink {
  id: number;
  title: string;
  href: string;
}

/** What every product list shows (category, brand, search, favourites). */
export interface ProductListView {
  params: ListParams;
  notices: string[];
  items: ProductCardView[];
  total: number;
  pageCount: number;
  brands: BrandOption[];
  canViewPrices: boolean;
  canUpdateCart: boolean;
}

export interface ProductDetailView {
  id: number;
  ref: string;
  title: string;
  name: string;
  brand: { slug: string; title: string } | null;
  description: string;
  images: string[];
  documents: { title: string; url: string }[];
  certificatesInfo: string | null;
  isMmsi: boolean;
  isHazardous: boolean;
  discontinued: boolean;
  properties: { name: string; value: string }[];
}

/** A stock in the page, or a promise streamed after it when it was late. */
export type StockEntry = StockView | null | Promise<StockView | null>;

/** The product page. */
export interface ProductPageView {
  product: ProductDetailView;
  price: PriceView | null;
  isFavorite: boolean;
  canUpdateCart: boolean;
  /** « Demander un devis » is offered (people accounts need `quotes`; not for a discontinued product). */
  canRequestQuote: boolean;
  crumbs: { title: string; href: string }[];
  stock: StockEntry;
}

export interface Crumb {
  title: string;
  href: string;
}
