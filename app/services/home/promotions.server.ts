import { priceViewOf } from "~/services/catalogue/pricing.server";
import type { PromotionsView } from "./types";
import type { HomeUser } from "./user.server";

const SHOWN = 4;

/**
 * The promotions that apply to the organization today: the catalogue's « En promotion » list
 * (the back-office applies the organization's prices and the promotions' dates), its first
 * products with the promotion's price beside the net one. Asked only with `prices`.
 */
export async function loadPromotions(user: HomeUser): Promise<PromotionsView> {
  const page = await user.upstream.pim.listProducts({ usr_id: user.orgId, promo: "1", sort: "relevance", page: 1, per_page: SHOWN });
  const items = page.items.flatMap((product) => {
    const price = priceViewOf(product, user.catCompta);
    if (!price?.promotion) return [];
    return [
      {
        id: product.obj_id,
        ref: product.obj_ref,
        title: product.obj_title,
        brand: product.brand?.obj_title ?? null,
        image: product.image,
        promotionName: price.promotion.name,
        promotionPrice: price.promotion.price,
        netPrice: price.netPrice,
      },
    ];
  });
  return { items, total: page.total };
}
