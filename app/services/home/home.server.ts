import { settle } from "./block.server";
import { loadNewsHighlights } from "./news.server";
import { loadArrivedBackorders, loadLatestOrders } from "./orders.server";
import { loadPromotions } from "./promotions.server";
import { loadWaitingQuotes } from "./quotes.server";
import { quickLinksFor } from "./links.server";
import type { HomeBlock, HomeView } from "./types";
import type { HomeUser } from "./user.server";

/** Rows of the home page's quick order form (the full page has ten). */
export const HOME_QUICK_ORDER_ROWS = 3;

const hidden = Promise.resolve(null);

/**
 * The home page (docs/specification.md §2 « / »): what matters today, each block by right
 * (docs/specification.md §6) and read in parallel, a failing one shown as unavailable:
 * - news highlights: everyone;
 * - promotions for the organization: `prices` (no amount otherwise, so no block);
 * - quick order: `cart`;
 * - latest orders with « Commander à nouveau »: `orders` (the reorder button with `cart`);
 * - back-orders arrived: everyone who follows the orders (every account, decision 0103);
 * - quotes waiting for an answer: `quotes`; for a representative acting for the client, also
 *   this client's requests waiting for it.
 */
export async function loadHome(user: HomeUser): Promise<HomeView> {
  const { permissions } = user;
  const { user: account, master } = user.session;
  const when = <T>(allowed: boolean, block: string, load: (user: HomeUser) => Promise<T>): Promise<HomeBlock<T> | null> =>
    allowed ? settle(user, block, () => load(user)) : hidden;
  const [news, promotions, orders, backorders, quotes] = await Promise.all([
    when(true, "news", loadNewsHighlights),
    when(permissions.canViewPrices, "promotions", loadPromotions),
    when(permissions.canOrder, "orders", loadLatestOrders),
    when(true, "backorders", loadArrivedBackorders),
    when(permissions.canViewQuotes, "quotes", loadWaitingQuotes),
  ]);
  return {
    greeting: {
      userName: account.obj_name,
      organizationName: account.obj_properties.org_name ?? account.obj_name,
      actingAs: master ? master.obj_name : null,
    },
    news,
    promotions,
    quickOrder: permissions.canUpdateCart ? { rows: HOME_QUICK_ORDER_ROWS } : null,
    orders,
    backorders,
    quotes,
    links: quickLinksFor(permissions),
  };
}
