import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { PRICE_LIST_EXPORT_PAGE, type PriceListResponse } from "@shared/contracts/price-list";
import { priceListCsv, priceListXlsx, type PriceListPager } from "~/services/price-list/export.server";

/**
 * The exports' memory (docs/price-list.md, decision 0111): 50,000 rows written from a pager of
 * made-up pages, the heap measured after a full collection every few pages. Streamed, it stays
 * where it started; an array of every row would add tens of MB.
 */

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

const TOTAL = 50_000;

function pageOf(page: number, size: number): PriceListResponse {
  const count = Math.max(0, Math.min(size, TOTAL - (page - 1) * size));
  const items = Array.from({ length: count }, (_, i) => {
    const n = (page - 1) * size + i;
    return {
      obj_id: n + 1,
      obj_ref: `REF-${String(n).padStart(6, "0")}`,
      title: `Produit d'essai numéro ${n}, avec une désignation de longueur ordinaire`,
      brand: "Marque",
      category: "Catégorie",
      list_price: 10_000 + n,
      discount_pct: 12.5,
      net_price: 8_750 + n,
      promotion: n % 10 === 0 ? { name: "Promo", price: 8_000, starts_on: "2026-11-01", ends_on: "2026-12-01" } : null,
      ecotax: 12,
    };
  });
  return { items, total: TOTAL, page, size, priced_on: "2026-11-24" };
}

interface Probe {
  pager: PriceListPager;
  /** Heap used (MB) after a full collection, every 5 pages. */
  heaps: number[];
  pages: number[];
  maxInFlight: number;
}

function probe(): Probe {
  const state: Probe = { pager: async () => pageOf(1, 1), heaps: [], pages: [], maxInFlight: 0 };
  let inFlight = 0;
  state.pager = async (_filters, page, size) => {
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    state.pages.push(page);
    if (page % 5 === 0) {
      collect();
      state.heaps.push(process.memoryUsage().heapUsed / 1e6);
    }
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    return pageOf(page, size);
  };
  return state;
}

async function drain(response: Response): Promise<number> {
  const reader = response.body!.getReader();
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  return bytes;
}

describe("the price list exports stream 50,000 rows with flat memory", () => {
  for (const kind of ["xlsx", "csv"] as const) {
    it(`${kind}: pages read one at a time, in order; the heap after collection does not grow with the rows`, async () => {
      const state = probe();
      const first = pageOf(1, PRICE_LIST_EXPORT_PAGE);
      collect();
      const response =
        kind === "xlsx"
          ? priceListXlsx(state.pager, {}, first, "C0001", (error) => {
              throw error;
            })
          : priceListCsv(state.pager, {}, first, "C0001");
      expect(await drain(response)).toBeGreaterThan(1_000_000);
      expect(state.pages).toEqual(Array.from({ length: TOTAL / PRICE_LIST_EXPORT_PAGE - 1 }, (_, i) => i + 2));
      expect(state.maxInFlight).toBe(1);
      const [early, ...later] = state.heaps;
      // 50,000 rows kept would be tens of MB: the heap stays within a few MB of the 5th page's.
      expect(Math.max(...later) - early!).toBeLessThan(5);
    }, 60_000);
  }
});
