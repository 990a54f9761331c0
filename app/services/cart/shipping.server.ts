import type { ShippingProduct } from "@shared/contracts/entities";
import { accountContextOf, parisDate, type ProductFamilies, type ShippingContext } from "@shared/domain/index";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import type { UpstreamFactory } from "~/services/upstream/index.server";

/**
 * What the shipping rules need besides the cart. The families and shipping products are the
 * same for everyone and change rarely (docs/specification.md §7: "cached"); free-shipping eligibility is
 * per organization. Cached per back-office (the factory), so tests with several back-offices
 * never share entries.
 */

const REFERENCE_DATA_TTL_MS = 5 * 60_000;
const ELIGIBILITY_TTL_MS = 60_000;

interface Timed<T> {
  value: Promise<T>;
  expiresAt: number;
}

interface ReferenceData {
  families: ProductFamilies;
  shippingProducts: ShippingProduct[];
}

interface Cache {
  reference: Timed<ReferenceData> | null;
  eligibility: Map<number, Timed<boolean>>;
}

const caches = new WeakMap<UpstreamFactory, Cache>();

function cacheOf(factory: UpstreamFactory): Cache {
  let cache = caches.get(factory);
  if (!cache) {
    cache = { reference: null, eligibility: new Map() };
    caches.set(factory, cache);
  }
  return cache;
}

/** Keeps a promise for `ttl`; a failed one is forgotten at once so the next call retries. */
function remember<T>(
  slot: Timed<T> | null | undefined,
  now: number,
  ttl: number,
  load: () => Promise<T>,
  store: (entry: Timed<T> | null) => void,
): Promise<T> {
  if (slot && slot.expiresAt > now) return slot.value;
  const value = load();
  store({ value, expiresAt: now + ttl });
  value.catch(() => store(null));
  return value;
}

async function loadReferenceData({ upstream }: ActiveUser): Promise<ReferenceData> {
  const [lists, shippingProducts] = await Promise.all([upstream.cartLookups.getFamilies(), upstream.oms.listShippingProducts()]);
  return {
    families: {
      motors: new Set(lists.motors),
      antennas: new Set(lists.antennas),
      tags: new Set(lists.tags),
      hazards: new Set(lists.hazards),
    },
    shippingProducts,
  };
}

export async function shippingContextFor(context: PortalLoadContext, active: ActiveUser): Promise<ShippingContext> {
  const cache = cacheOf(context.upstreamFor);
  const nowMs = Date.now();
  const orgId = active.session.user.auth_org_id;
  const [reference, freeShippingEligible] = await Promise.all([
    remember(
      cache.reference,
      nowMs,
      REFERENCE_DATA_TTL_MS,
      () => loadReferenceData(active),
      (entry) => {
        cache.reference = entry;
      },
    ),
    remember(
      cache.eligibility.get(orgId),
      nowMs,
      ELIGIBILITY_TTL_MS,
      () => active.upstream.oms.getFreeShipping(orgId),
      (entry) => {
        if (entry) cache.eligibility.set(orgId, entry);
        else cache.eligibility.delete(orgId);
      },
    ),
  ]);
  return {
    account: accountContextOf(active.session.user),
    today: parisDate(context.now()),
    freeShippingEligible,
    shippingProducts: reference.shippingProducts,
    families: reference.families,
  };
}
