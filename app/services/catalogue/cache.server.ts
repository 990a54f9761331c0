import type { Brand } from "@shared/contracts/api";
import type { Category } from "@shared/contracts/entities";
import { catalogueConfig } from "./config.server";
import type { ProductFamily } from "~/services/upstream/pim.server";
import type { Upstream } from "~/services/upstream/index.server";

/**
 * A small in-process cache with a bounded lifetime and a bounded size. It keeps the promise,
 * so concurrent requests share one upstream call; a failed call is forgotten at once.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<V> }>();

  constructor(
    private readonly maxEntries: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expiresAt: now + ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // A Map iterates in insertion order: the first key is the oldest entry.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

// Trees are per organization (usr_id); one per client of a large distributor fits easily.
const categoryTrees = new TtlCache<Category[]>(2000);
const brandLists = new TtlCache<Brand[]>(1);
const familyLists = new TtlCache<string[]>(4);

/** The category tree of the organization the user acts for (the back-office may vary it per client). */
export function cachedCategoryTree(upstream: Upstream, usrId: number): Promise<Category[]> {
  return categoryTrees.get(String(usrId), catalogueConfig().cacheTtlMs, () => upstream.pim.getCategories(usrId));
}

/** Brands A to Z: the same for every user. */
export function cachedBrands(upstream: Upstream): Promise<Brand[]> {
  return brandLists.get("all", catalogueConfig().cacheTtlMs, () => upstream.pim.listBrands());
}

/** The pim reference lists of spec section 7 (motors, antennas, tags, hazards), cached. */
export function cachedFamilyReferences(upstream: Upstream, family: ProductFamily): Promise<string[]> {
  return familyLists.get(family, catalogueConfig().cacheTtlMs, () => upstream.pim.listFamilyReferences(family));
}

/** Forgets every cached list (tests; an administrator could hook it to a catalogue update). */
export function clearCatalogueCaches(): void {
  categoryTrees.clear();
  brandLists.clear();
  familyLists.clear();
}
