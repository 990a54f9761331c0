import { describe, expect, it, vi } from "vitest";
import { TtlCache } from "../../../server/backoffice/cache/ttl-cache";

describe("TtlCache (back-office)", () => {
  it("shares one load between concurrent callers until the lifetime ends", async () => {
    let now = 0;
    const cache = new TtlCache<number>(100, 10, () => now);
    const load = vi.fn(async () => 42);
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([42, 42]);
    now = 99;
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 100;
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps nothing with a lifetime of 0", async () => {
    const cache = new TtlCache<number>(0, 10, () => 0);
    const load = vi.fn(async () => 1);
    await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets a failed load at once, and an entry on delete or clear", async () => {
    const cache = new TtlCache<number>(1000, 10, () => 5);
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 1)).toBe(1);
    cache.delete("k");
    expect(await cache.get("k", async () => 2)).toBe(2);
    cache.clear();
    expect(await cache.get("k", async () => 3)).toBe(3);
  });

  it("keeps at most maxEntries entries; a load pushed out still answers its callers", async () => {
    const cache = new TtlCache<number>(1000, 2, () => 5);
    let release: (value: number) => void = () => undefined;
    const pending = cache.get("slow", () => new Promise<number>((resolve) => (release = resolve)));
    await cache.get("a", async () => 1);
    await cache.get("b", async () => 2); // "slow" is the least recently used of three: out
    release(7);
    expect(await pending).toBe(7);
    const load = vi.fn(async () => 8);
    expect(await cache.get("slow", load)).toBe(8);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
