import { describe, expect, it } from "vitest";
import { emptyCart } from "@shared/domain/index";
import { CartCache } from "~/services/upstream/cart-cache.server";

const saved = (version: number) => ({ cart: { ...emptyCart(), ref: `v${version}` }, version });

describe("the portal's cart cache", () => {
  it("keeps the last tagged cart of each organization, frozen", () => {
    const cache = new CartCache();
    const answer = { value: saved(3), etag: '"cart-1-3"' };
    expect(cache.remember(1, answer)).toBe(answer.value);
    expect(cache.get(1)).toEqual(answer);
    expect(Object.isFrozen(cache.get(1)?.value.cart.products)).toBe(true);
    expect(() => {
      (answer.value.cart as { ref: string }).ref = "changé";
    }).toThrow(TypeError);
  });

  it("forgets a cart the upstream did not tag, and the least recently used beyond its size", () => {
    const cache = new CartCache(2);
    cache.remember(1, { value: saved(1), etag: '"a"' });
    cache.remember(1, { value: saved(2), etag: null });
    expect(cache.get(1)).toBeUndefined();

    cache.remember(1, { value: saved(1), etag: '"1"' });
    cache.remember(2, { value: saved(1), etag: '"2"' });
    cache.get(1); // 1 used last: 2 is now the oldest
    cache.remember(3, { value: saved(1), etag: '"3"' });
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)?.etag).toBe('"1"');
    expect(cache.get(3)?.etag).toBe('"3"');
  });
});
