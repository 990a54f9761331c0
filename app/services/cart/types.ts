import type { Cart, Certificate } from "@shared/contracts/entities";
import type { CartChange, NewCartProduct, ShownTotals } from "@shared/domain/index";
import type { QuickOrderIssue } from "@shared/domain/quick-order";
import type { FreeShippingProgress } from "@shared/domain/shipping-free";
import type { OptionCosts } from "@shared/domain/shipping-options";
import type { StockOutlook } from "@shared/domain/stock-outlook";

/**
 * The cart feature's view models: what its loaders and actions hand to its components. Plain
 * types, imported by both sides, so no server code reaches the browser bundle.
 */

/** What the add-to-cart action answers to a fetcher (with JavaScript). */
export interface AddedToCart {
  ok: true;
  product: { ref: string; title: string; image: string | null };
  qtyAdded: number;
  /** Quantity of this product now in the cart (it may already have been there). */
  qtyInCart: number;
  /** Products in the cart, shipping lines excluded (the header badge). */
  cartCount: number;
  /** Cart totals in cents after the change; null when the user may not see prices. */
  totalHt: number | null;
  totalTtc: number | null;
  /** The quantity in the cart meets a shortfall (the whole line's, not only what was just added). */
  availability?: LineAvailability | null;
  /** How far free shipping is, for an eligible account that may see prices. */
  freeShipping?: FreeShippingProgress | null;
}

export interface CartRefusal {
  ok: false;
  message: string;
}

export type AddToCartAnswer = AddedToCart | CartRefusal;

/** Where every add-to-cart form posts. */
export const ADD_TO_CART_ACTION = "/mon-panier/ajouter";

export interface CertificateView {
  cerId: string;
  mmsi: string;
  fileName: string;
}

/** A line's shortfall and what the cart's partial-delivery choice makes of it (shared/domain/stock-outlook.ts). */
export interface LineAvailability extends StockOutlook {
  partialDelivery: boolean;
}

export interface CartLineView {
  lineId: string;
  productId: number;
  ref: string;
  /** The organization's own code of the product (docs/part-numbers-portal.md), when it has one and the page asked. */
  ownCode?: string | null;
  title: string;
  /** The product's picture, when the catalogue has one. */
  picture: string | null;
  /** Discontinued since it was put in the cart: to be removed before any other change is saved. */
  discontinued: boolean;
  qty: number;
  listPrice: number | null;
  unitPrice: number | null;
  discountPercent: number | null;
  promoName: string | null;
  /** The line's ecotax (qty × unit), a part of lineTotal; null without it (HT account, shipping line, no `prices`). */
  ecotaxe: number | null;
  /** « Total HT » of the line: qty × unit price, with its ecotax (decision 0161). */
  lineTotal: number | null;
  stock: number;
  refillDate: string | null;
  refillQty: number | null;
  /** Null when the stock on hand serves the whole quantity. */
  availability: LineAvailability | null;
  needsCertificates: boolean;
  certificates: CertificateView[];
  /** The domain's reasons this line cannot be ordered yet (MMSI certificates). */
  problems: string[];
  /** Accepted from a quote: priced at the quote's price until `validUntil` (YYYY-MM-DD), by the back-office. */
  quote: { number: string; validUntil: string } | null;
  /** The quote's price lock expired with this very answer: the line is back at the usual price. */
  quoteExpired: { number: string; on: string | null } | null;
}

export interface CartView {
  version: number;
  ref: string;
  comments: string;
  saturday: boolean;
  lddActive: boolean;
  lddPrice: number | null;
  partialDelivery: boolean;
  /** What each option adds to the shipping today (null without `prices`). */
  optionCosts: OptionCosts | null;
  /** « Plus que X € pour la livraison gratuite »: null when not eligible, not applicable or without `prices`. */
  freeShipping: FreeShippingProgress | null;
  lines: CartLineView[];
  shippingLines: CartLineView[];
  /** As every page shows them: the ecotax inside the HT total (decision 0161). */
  totals: ShownTotals | null;
  taxExempt: boolean;
  /** The per-line ecotax column: with the `prices` right, for accounts that pay VAT and ecotax. */
  showsEcotaxe: boolean;
  /** Saturday delivery is charged only on a Friday (docs/specification.md §5). */
  todayIsFriday: boolean;
  canEdit: boolean;
  canSeePrices: boolean;
}

export interface QuickOrderAdded {
  ref: string;
  title: string;
  qty: number;
  /** The organization's own code the product was typed as (docs/part-numbers-portal.md), if so. */
  ownCode?: string | null;
}

export interface QuickOrderReport {
  added: QuickOrderAdded[];
  /** At most QUICK_ORDER_MAX_ISSUES refused lines, a cut at the limit first. */
  refused: QuickOrderSourceIssue[];
  /** Refused lines past the listed ones: counted only. */
  unlisted: number;
}

/** A row of the quick-order grid, as typed. */
export interface GridRow {
  ref: string;
  qty: string;
}

/** What the quick-order action answers: the page is drawn again with it (decision 0051). */
export interface QuickOrderAnswer {
  report: QuickOrderReport;
  /** What the form shows again: everything typed on a failure, only what was not added otherwise. */
  text: string;
  grid: GridRow[];
  /** The form is drawn anew (with `text` and `grid`) when this changes: after lines were added. */
  formKey: string | null;
  message: string | null;
}

/** A refused line and the input it comes from ("Grille", "Texte collé", "Fichier …"). */
export interface QuickOrderSourceIssue extends QuickOrderIssue {
  source: string;
}

export interface QuantityUpdate {
  lineId: string;
  qty: number;
}

export interface AddItem {
  product: NewCartProduct;
  qty: number;
  lineId: string;
}

/** The domain's changes, plus the two the portal needs that are not rules: many adds, details. */
export type PortalCartChange =
  | CartChange
  | { type: "addMany"; items: readonly AddItem[] }
  | { type: "details"; ref: string; comments: string }
  | { type: "quantities"; updates: readonly QuantityUpdate[] }
  | { type: "attachCertificate"; lineId: string; certificate: Certificate }
  | { type: "detachCertificate"; lineId: string; cerId: string }
  | { type: "checkout"; details: CheckoutDetails };

/** What the checkout steps set on the cart (docs/checkout.md): addresses, reference, instructions. */
export type CheckoutDetails = Partial<Pick<Cart, "dlv_address" | "inv_address" | "ref" | "comments" | "notes" | "partialDelivery">>;

/** An item of a many-add that the cart refused (a line that would pass 9999…), with the reason. */
export interface RefusedItem {
  lineId: string;
  message: string;
}

/**
 * What a cart change did, in words a notification can use (docs/specification.md §8: "Le produit X a
 * été ajouté au panier par Y"…). Built from the saved cart, so titles are the catalogue's.
 */
export interface CartProductRef {
  ref: string;
  title: string;
  qty: number;
}

export type CartEvent =
  | { kind: "added"; products: CartProductRef[] }
  | { kind: "quantity"; product: CartProductRef }
  | { kind: "quantities"; products: CartProductRef[] }
  | { kind: "removed"; product: CartProductRef | null }
  | { kind: "cleared" }
  | { kind: "options"; saturday: boolean; lddActive: boolean }
  | { kind: "details"; ref: string }
  | { kind: "certificates"; product: CartProductRef; attached: number };
