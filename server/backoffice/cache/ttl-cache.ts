import { LRUCache } from "lru-cache";

/**
 * Loaded values kept for a lifetime, at most `maxEntries` of them (lru-cache: the least
 * recently used goes first). The cache keeps the promise, so concurrent requests share one
 * query and an entry's lifetime runs from the query; a failed load is forgotten at once.
 */
export class TtlCache<V> {
  private readonly entries: LRUCache<string, Promise<V>>;

  constructor(
    private readonly ttlMs: number,
    maxEntries: number,
    private readonly clock: () => number = Date.now,
  ) {
    // ttlResolution 0: the clock is read at each look-up (a test clock moves between two).
    this.entries = new LRUCache({ max: maxEntries, perf: { now: clock }, ttlResolution: 0 });
  }

  /** The value of `key`, loaded by `load` unless a query less than the lifetime old has it (a lifetime of 0 keeps nothing). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const startedAt = this.clock();
    const value = load();
    if (this.ttlMs <= 0) return value;
    // lru-cache calls an entry stale once its age EXCEEDS its ttl, and reads a start of 0 as
    // "no start": starting half a millisecond early ends the entry when its age reaches the
    // lifetime, and a test clock may start at 0.
    this.entries.set(key, value, { ttl: this.ttlMs, start: startedAt - 0.5 });
    value.catch(() => {
      if (this.entries.peek(key, { allowStale: true }) === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
