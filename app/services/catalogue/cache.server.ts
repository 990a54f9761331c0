import { LRUCache } from "lru-cache";
import type { Brand } from "@shared/contracts/api";
import type { Category } from "@shared/contracts/entities";
import type { Upstream } from "~/services/upstream/index.server";

/**
 * Loaded values kept for a lifetime, at most `maxEntries` of them (lru-cache: the least
 * recently used goes first). The cache keeps the promise, so concurrent requests share one
 * upstream call and an entry's lifetime runs from the call; a failed call is forgotten at once.
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, Promise<V>>;

  constructor(
    maxEntries: number,
    private readonly clock: () => number = Date.now,
  ) {
    // ttlResolution 0: the clock is read at each look-up (a test clock moves between two).
    this.entries = new LRUCache({ max: maxEntries, perf: { now: clock }, ttlResolution: 0 });
  }

  /** The value of `key`, loaded by `load` unless a call less than `ttlMs` old has it (0 = never kept). */
  get(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const startedAt = this.clock();
    const value = load();
    if (ttlMs <= 0) return value;
    // lru-cache calls an entry stale once its age EXCEEDS its ttl, and reads a start of 0 as
    // "no start": starting half a millisecond early ends the entry when its age reaches ttlMs,
    // and a test clock may start at 0.
    this.entries.set(key, value, { ttl: ttlMs, start: startedAt - 0.5 });
    value.catch(() => {
      if (this.entries.peek(key, { allowStale: true }) === value) this.entries.delete(key);
    });
    return value;
  }
}

/**
 * The catalogue lists every user's pages read and that change rarely, kept per portal
 * process (on its services, context.server.ts) for `ttlMs` and keyed on the back-office's
 * catalogue revision (/auth/me's `catalogue_revision`): an ERP import or any other change of
 * products, brands or categories shows on the next page, whatever the lifetime.
 */
export class CatalogueCaches {
  // Trees are per organization (usr_id); one per client of a large distributor fits easily.
  private readonly categoryTrees = new TtlCache<Category[]>(2000);
  // Two entries: a page asked while the revision moves may still read the previous list.
  private readonly brandLists = new TtlCache<Brand[]>(2);

  constructor(private readonly ttlMs: number) {}

  /** The category tree of the organization the user acts for (the back-office may vary it per client). */
  categoryTree(upstream: Upstream, usrId: number, revision: number): Promise<Category[]> {
    return this.categoryTrees.get(`${revision}:${usrId}`, this.ttlMs, () => upstream.pim.getCategories(usrId));
  }

  /** Brands A to Z: the same for every user. */
  brands(upstream: Upstream, revision: number): Promise<Brand[]> {
    return this.brandLists.get(String(revision), this.ttlMs, () => upstream.pim.listBrands());
  }
}
