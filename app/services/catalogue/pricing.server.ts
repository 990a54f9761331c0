import type { ProductSummary } from "@shared/contracts/api";
import { isTaxExempt } from "@shared/domain/account";
import { vatOn } from "@shared/domain/money";
import { isPromotionApplied, lineNetPrice, lineUnitPrice } from "@shared/domain/pricing";
import type { PriceView } from "./types";

/**
 * The price block of a product for the acting organization, computed by the domain rules
 * (docs/decisions/0004-price-precedence.md): null when the back-office hid the prices (people
 * account without `prices`). A tax-exempt ("HT") account pays neither VAT nor ecotax.
 */
export function priceViewOf(product: ProductSummary, catCompta: string | undefined): PriceView | null {
  const { prd_price_selling: listPrice, prc_price: netBase, prc_discount: discount } = product;
  if (listPrice === null || netBase === null || discount === null) return null;
  const priced = {
    prd_price_selling: listPrice,
    prc_price: netBase,
    prc_promo_price: product.prc_promo_price,
    prc_discount: discount,
  };
  const exempt = isTaxExempt(catCompta);
  const unitPrice = lineUnitPrice(priced);
  const ecotaxe = exempt ? 0 : Math.max(0, product.prd_ecotaxe ?? 0);
  const promoted = isPromotionApplied(priced) && product.prc_promo_price !== null;
  return {
    listPrice,
    netPrice: lineNetPrice(priced),
    discountPercent: discount,
    promotion: promoted && product.prc_promo_price !== null ? { price: product.prc_promo_price, name: product.prc_promo_name } : null,
    unitPrice,
    ecotaxe,
    // Ecotax is added before VAT (docs/specification.md §9).
    priceWithVat: exempt ? null : unitPrice + ecotaxe + vatOn(unitPrice + ecotaxe),
  };
}
