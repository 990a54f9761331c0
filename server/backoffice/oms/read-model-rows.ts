import type { Pricing } from "../pim/read-model/listing";
import { priceOf } from "../pim/read-model/org-pricing";
import type { ProductIndex } from "../pim/read-model/product-index";
import type { StockCache } from "../pim/read-model/stock-cache";
import type { CatalogueRow } from "./reprice";

/**
 * The rows repriceCart needs, from the in-memory catalogue and the stock figures (at most a
 * second old) instead of one SQL query: a cart save reprices up to hundreds of lines on every
 * change. Discontinued products are left out, as the query does (they are refused as unknown),
 * unless a stored cart is being shown (cart-rebuild.ts keeps their lines).
 */
export async function readModelRows(
  index: ProductIndex,
  pricing: Pricing,
  stocks: StockCache,
  ids: number[],
  { includeDiscontinued = false }: { includeDiscontinued?: boolean } = {},
): Promise<CatalogueRow[]> {
  const products = ids.flatMap((id) => {
    const product = index.get(id);
    return product && (includeDiscontinued || !product.discontinued) ? [product] : [];
  });
  const stockById = new Map((await stocks.read(products.map((product) => product.id))).map((stock) => [stock.obj_id, stock]));
  return products.map((product) => {
    const stock = stockById.get(product.id);
    const price = priceOf(product, pricing.org, pricing.everyone, pricing.today);
    // Field by field: spreading the indexed product would copy its description and documents
    // for each of hundreds of lines.
    return {
      id: product.id,
      ref: product.ref,
      title: product.title,
      name: product.name,
      price_selling: product.price_selling,
      ecotaxe: product.ecotaxe,
      weight_gross: product.weight_gross,
      weight_net: product.weight_net,
      is_port: product.is_port,
      is_mmsi: product.is_mmsi,
      is_hazardous: product.is_hazardous,
      is_motor: product.is_motor,
      is_antenna: product.is_antenna,
      is_tag: product.is_tag,
      properties: product.properties,
      image: product.images[0] ?? null,
      discontinued: product.discontinued,
      prc_price: price.prc_price,
      prc_discount: price.prc_discount,
      prc_promo_price: price.prc_promo_price,
      prc_promo_name: price.prc_promo_name,
      sto_disp: stock ? stock.sto_disp : null,
      refill_date: stock?.sto_refill_date ?? null,
      refill_qte: stock?.sto_refill_qte ?? null,
    };
  });
}
