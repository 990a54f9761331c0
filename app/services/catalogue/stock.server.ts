import type { Stock } from "@shared/contracts/entities";
import type { StockView } from "./types";
import type { CatalogueConfig } from "./config.server";
import type { Upstream } from "~/services/upstream/index.server";

/**
 * Stock never blocks a page for long: the loader waits for it a short budget (it usually
 * comes in a few milliseconds, and then it is in the HTML, which matters without JavaScript:
 * a streamed part needs a script to show), and whatever is late is streamed by Remix after the
 * page is painted. A stock is null when unknown: a failed call is ignored per product (spec
 * section 8), and in per-product mode the products not reached before the deadline are left
 * for the product page.
 */
export type StockPromises = Record<number, Promise<StockView | null>>;
export type StockEntries = Record<number, StockView | null | Promise<StockView | null>>;

/** Stock values that arrived within `budgetMs`; promises for the others (streamed). */
export async function settleStocks(promises: StockPromises, budgetMs: number): Promise<StockEntries> {
  const settled = new Map<number, StockView | null>();
  const all = Object.entries(promises).map(([id, promise]) => promise.then((value) => void settled.set(Number(id), value)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(all), new Promise<void>((resolve) => (timer = setTimeout(resolve, budgetMs)))]);
  clearTimeout(timer);
  const entries: StockEntries = {};
  for (const [id, promise] of Object.entries(promises)) {
    const key = Number(id);
    entries[key] = settled.has(key) ? (settled.get(key) ?? null) : promise;
  }
  return entries;
}

function toView(stock: Stock): StockView {
  return { available: stock.sto_disp, refillDate: stock.sto_refill_date, refillQty: stock.sto_refill_qte };
}

/**
 * The stock a listing brought along (`with_stock`, batch mode): every figure is already
 * there, nothing waits or streams; a product the answer leaves out has no stock (null).
 */
export function stocksFromListing(productIds: readonly number[], stocks: readonly Stock[]): StockEntries {
  const byId = new Map(stocks.map((entry) => [entry.obj_id, toView(entry)]));
  return Object.fromEntries(productIds.map((id) => [id, byId.get(id) ?? null]));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function stockPromises(upstream: Upstream, productIds: readonly number[], config: CatalogueConfig): StockPromises {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return {};
  if (config.stockMode === "batch") {
    const batch = upstream.wms
      .getStocks(ids)
      .then((stocks) => new Map(stocks.map((stock) => [stock.obj_id, toView(stock)])))
      .catch(() => new Map<number, StockView>());
    return Object.fromEntries(ids.map((id) => [id, batch.then((byId) => byId.get(id) ?? null)]));
  }
  return pacedStocks(upstream, ids, config);
}

/**
 * The spec's pace: one call per product, `stockPaceMs` apart, in the order of the page, so the
 * upstream sees what the original client sent it. Calls stop at the deadline.
 */
function pacedStocks(upstream: Upstream, ids: number[], config: CatalogueConfig): StockPromises {
  const startedAt = Date.now();
  const results = new Map<number, (view: StockView | null) => void>();
  const promises: StockPromises = {};
  for (const id of ids) promises[id] = new Promise((resolve) => results.set(id, resolve));

  void (async () => {
    for (const [index, id] of ids.entries()) {
      const resolve = results.get(id);
      if (!resolve) continue;
      const wait = index === 0 ? 0 : config.stockPaceMs;
      if (Date.now() - startedAt + wait > config.stockDeadlineMs) {
        resolve(null);
        continue;
      }
      if (wait > 0) await sleep(wait);
      resolve(await upstream.wms.getStock(id).then(toView, () => null));
    }
  })();
  return promises;
}
