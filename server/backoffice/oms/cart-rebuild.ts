import type { CartLineToSave, CartToSave } from "@shared/contracts/api";
import type { Cart, CartLine } from "@shared/contracts/entities";
import { withQuoteLocks, type QuoteLocks } from "./quote-locks";
import { repricedLine, withCatalogueShipping, type CatalogueRow, type ShippingInputs } from "./reprice";

export interface CartRebuildContext extends ShippingInputs {
  /** The organization's catalogue rows of these products, discontinued ones included. */
  catalogueRows: (ids: number[]) => Promise<CatalogueRow[]>;
  /** The organization's quote price locks of these products (quote-locks.ts); none when absent. */
  quoteLocks?: (ids: number[]) => Promise<QuoteLocks>;
}

/** Rebuilds a stored cart for display; built per request by the routes (oms/routes.ts). */
export type CartRebuild = (stored: CartToSave) => Promise<Cart>;

/**
 * A product row that no longer exists at all (products are referenced by prices, stock and
 * orders, so this is defensive): the line keeps what the user chose and shows its reference,
 * with no price, rather than vanishing from a shared cart without a word.
 */
function vanishedLine(line: CartLineToSave): CartLine {
  return {
    obj_id: line.obj_id,
    obj_ref: line.obj_ref,
    obj_title: line.obj_title ?? line.obj_ref,
    obj_name: line.obj_name ?? "",
    qty: line.qty,
    line_id: line.line_id,
    prd_is_port: false,
    prd_price_selling: 0,
    prc_price: 0,
    prc_promo_price: null,
    prc_promo_name: null,
    prc_discount: 0,
    prd_ecotaxe: 0,
    prd_weight_gross: 0,
    prd_weight_net: 0,
    prd_sto_disp: 0,
    prd_refill_date: null,
    prd_refill_qte: null,
    certificates: line.certificates ?? [],
    obj_properties: {},
    image: null,
  };
}

/**
 * A stored cart (lean lines: decision 0094) as its users see it: every line rebuilt from the
 * catalogue for the organization, with today's prices, promotions and stock, and the shipping
 * lines recomputed, as the specification asks of a cart set from outside. Unlike a save it
 * refuses nothing: a product discontinued since the save keeps its line, and the next save
 * or the order refuses it in French until it is removed. Certificates and addresses were
 * checked for the organization when they were saved.
 */
export async function rebuildStoredCart(stored: CartToSave, ctx: CartRebuildContext): Promise<Cart> {
  const lines = stored.products.filter((line) => !line.prd_is_port);
  const rows = lines.length === 0 ? [] : await ctx.catalogueRows([...new Set(lines.map((line) => line.obj_id))]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const repriced = lines.map((line) => {
    const row = byId.get(line.obj_id);
    return row ? repricedLine(line, row, line.certificates ?? []) : vanishedLine(line);
  });
  const locks = ctx.quoteLocks && lines.length > 0 ? await ctx.quoteLocks([...byId.keys()]) : null;
  const products = locks ? withQuoteLocks(repriced, locks) : repriced;
  return withCatalogueShipping(stored, products, rows, ctx);
}
