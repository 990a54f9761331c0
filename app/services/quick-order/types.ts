/**
 * The quick order's helpers around the form (docs/cart.md): the preview of a reference being
 * typed in the grid, and the CSV template. Plain types and paths, imported by both sides.
 */

/** Where the grid asks for the preview of one reference (`?ref=`), with JavaScript only. */
export const QUICK_ORDER_PREVIEW_PATH = "/mon-panier/commande-rapide/apercu";
/** The CSV template to fill in and upload back. */
export const QUICK_ORDER_TEMPLATE_PATH = "/mon-panier/commande-rapide/modele.csv";
/** References shorter than this are still being typed: no preview is asked. */
export const PREVIEW_MIN_LENGTH = 3;

export interface PreviewStock {
  available: number;
  refillDate: string | null;
  refillQty: number | null;
}

/** What the grid shows beside a typed reference: the product, or why it cannot be ordered. */
export type ReferencePreview =
  | {
      found: true;
      /** The reference as the quick order reads it (trimmed, upper case). */
      ref: string;
      /** The product's reference when what was typed is the organization's own code for it. */
      productRef?: string;
      title: string;
      /** The buyer's price of one unit excluding tax, in cents; null without the `prices` right. */
      unitPrice: number | null;
      /** Null when the stock could not be read. */
      stock: PreviewStock | null;
    }
  | { found: false; ref: string; message: string };
