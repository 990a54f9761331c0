import { describe, expect, it, vi } from "vitest";
import type { Stock } from "@shared/contracts/entities";
import { TtlCache } from "~/services/catalogue/cache.server";
import { settleStocks, stockPromises } from "~/services/catalogue/stock.server";
import type { Upstream } from "~/services/upstream/index.server";

function stockOf(id: number): Stock {
  return { obj_id: id, sto_disp: id, sto_refill_date: null, sto_refill_qte: null };
}

function fakeUpstream(calls: { id: number | number[]; at: number }[], failing = new Set<number>()): Upstream {
  const wms = {
    getStock: async (id: number) => {
      calls.push({ id, at: Date.now() });
      if (failing.has(id)) throw new Error("down");
      return stockOf(id);
    },
    getStocks: async (ids: readonly number[]) => {
      calls.push({ id: [...ids], at: Date.now() });
      return ids.filter((id) => !failing.has(id)).map(stockOf);
    },
  };
  return { wms } as unknown as Upstream;
}

const config = { stockPaceMs: 1000, stockDeadlineMs: 4000, stockWaitMs: 250, cacheTtlMs: 1000 };

describe("stock", () => {
  it("in batch mode asks once for the whole page; an unknown product resolves to null", async () => {
    const calls: { id: number | number[]; at: number }[] = [];
    const promises = stockPromises(fakeUpstream(calls, new Set([2])), [1, 2, 3, 1], { ...config, stockMode: "batch" });
    expect(await promises[1]).toEqual({ available: 1, refillDate: null, refillQty: null });
    expect(await promises[2]).toBeNull();
    expect(calls.map((call) => call.id)).toEqual([[1, 2, 3]]);
  });

  it("in per-product mode keeps the upstream's pace and stops at the deadline", async () => {
    vi.useFakeTimers();
    try {
      const calls: { id: number | number[]; at: number }[] = [];
      const start = Date.now();
      const promises = stockPromises(fakeUpstream(calls, new Set([2])), [1, 2, 3, 4, 5, 6, 7], { ...config, stockMode: "per-product" });
      await vi.advanceTimersByTimeAsync(10_000);
      const results = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((id) => promises[id]));
      expect(calls.map((call) => call.id)).toEqual([1, 2, 3, 4, 5]);
      expect(calls.map((call) => call.at - start)).toEqual([0, 1000, 2000, 3000, 4000]);
      // A failed call is ignored for that product only; the last two were not reached in time.
      expect(results.map((stock) => stock?.available ?? null)).toEqual([1, null, 3, 4, 5, null, null]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("settleStocks", () => {
  it("puts in the page the stocks that came within the budget and streams the late ones", async () => {
    vi.useFakeTimers();
    try {
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000));
      const settling = settleStocks({ 1: Promise.resolve({ available: 3, refillDate: null, refillQty: null }), 2: late }, 250);
      await vi.advanceTimersByTimeAsync(250);
      const entries = await settling;
      expect(entries[1]).toEqual({ available: 3, refillDate: null, refillQty: null });
      expect(entries[2]).toBe(late);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("TtlCache", () => {
  it("shares one load between callers until the lifetime ends", async () => {
    let now = 0;
    const cache = new TtlCache<number>(10, () => now);
    const load = vi.fn(async () => 42);
    await Promise.all([cache.get("k", 100, load), cache.get("k", 100, load)]);
    now = 99;
    await cache.get("k", 100, load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 100;
    await cache.get("k", 100, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets a failed load and keeps at most maxEntries entries", async () => {
    const cache = new TtlCache<number>(2, () => 0);
    await expect(cache.get("bad", 100, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("bad", 100, async () => 1)).toBe(1);
    const load = vi.fn(async () => 2);
    await cache.get("a", 100, load);
    await cache.get("b", 100, load);
    await cache.get("bad", 100, load); // "bad" is the oldest of three: evicted when "b" came in.
    expect(load).toHaveBeenCalledTimes(3);
  });
});
