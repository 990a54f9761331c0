import type { Kysely } from "kysely";
import { TtlCache } from "../../cache/ttl-cache";
import type { Database } from "../../db/schema";
import type { PriceConditions } from "@shared/domain/customer-price";
import { loadGroupConditions, loadOrgPricing, loadPromotionsForEveryone, type OrgPricing, type PromotionIndex } from "./org-pricing";
import { loadProductIndex, type ProductIndex } from "./product-index";
import { StockCache } from "./stock-cache";

export interface ReadModelOptions {
  /** How often the revision counters are read (default 1 s; 0 = before every request). */
  revisionCheckMs?: number;
  /** At most this many organizations' prices are kept (default 1,000). */
  maxOrganizations?: number;
  /** Lifetime of a product's stock figures (default 1 s; 0 = read every time). */
  stockTtlMs?: number;
  /** Lifetime of a search's matching ids (default 30 s), also dropped when the catalogue changes. */
  searchTtlMs?: number;
}

interface Revisions {
  catalogue: number;
  pricing: number;
}

/**
 * The catalogue as the back-office serves it to readers, in memory
 * (docs/decisions/0083-catalogue-read-model.md): every product, the promotions for everyone,
 * and each organization's prices once it has asked. On the embedded PGlite every query runs
 * on the one Node thread, so a listing or a product page built from memory costs a fraction
 * of the SQL. Freshness comes from the revision counters of migration 0006, read at most every
 * `revisionCheckMs`: a changed catalogue is rebuilt in the background while the previous one
 * keeps serving; changed prices drop every organization's prices at once. Stock figures are
 * kept a second (stock-cache.ts); favourites and carts are read live.
 */
export class CatalogueReadModel {
  private readonly revisionCheckMs: number;
  private readonly maxOrganizations: number;
  private lastCheck = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;
  private known: Revisions | null = null;
  private index: Promise<ProductIndex> | null = null;
  private rebuilding: Promise<void> | null = null;
  /** The catalogue changed again while a rebuild was reading it: one more rebuild follows. */
  private rebuildAgain = false;
  private everyone: Promise<PromotionIndex> | null = null;
  private readonly organizations = new Map<number, Promise<OrgPricing>>();
  private readonly catalogueListeners: (() => void)[] = [];
  /** Price groups' conditions, shared by the organizations of each group (dropped with them). */
  private readonly groups = new Map<number, Promise<PriceConditions>>();
  readonly searches: TtlCache<number[]>;
  readonly stocks: StockCache;

  constructor(
    private readonly db: Kysely<Database>,
    options: ReadModelOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.revisionCheckMs = options.revisionCheckMs ?? 1000;
    this.maxOrganizations = options.maxOrganizations ?? 1000;
    this.searches = new TtlCache(options.searchTtlMs ?? 30_000, 2000);
    this.stocks = new StockCache(db, options.stockTtlMs ?? 1000);
  }

  /** The current products; the first call builds them. */
  async products(): Promise<ProductIndex> {
    await this.refresh();
    this.index ??= this.remember(loadProductIndex(this.db), () => (this.index = null));
    return this.index;
  }

  /**
   * The catalogue's revision counter as last read (at most `revisionCheckMs` old): the portal
   * keys its own copies of the category tree and the brands on it (/auth/me carries it), so an
   * import or any other change of the catalogue shows on its next page.
   */
  async catalogueRevision(): Promise<number> {
    await this.refresh();
    return this.known?.catalogue ?? 0;
  }

  /** Called whenever a revision check finds the catalogue changed (by this process or another). */
  onCatalogueChange(listener: () => void): void {
    this.catalogueListeners.push(listener);
  }

  /** What `orgId` pays, and the promotions for everyone. */
  async pricing(orgId: number): Promise<{ org: OrgPricing; everyone: PromotionIndex }> {
    await this.refresh();
    this.everyone ??= this.remember(loadPromotionsForEveryone(this.db), () => (this.everyone = null));
    let org = this.organizations.get(orgId);
    if (!org) {
      org = this.remember(
        loadOrgPricing(this.db, orgId, (groupId) => this.groupConditions(groupId)),
        () => this.organizations.delete(orgId),
      );
      this.organizations.set(orgId, org);
      // A Map iterates in insertion order: the first key is the organization loaded longest ago.
      while (this.organizations.size > this.maxOrganizations) {
        const oldest = this.organizations.keys().next().value;
        if (oldest === undefined) break;
        this.organizations.delete(oldest);
      }
    }
    return { org: await org, everyone: await this.everyone };
  }

  private groupConditions(groupId: number): Promise<PriceConditions> {
    let conditions = this.groups.get(groupId);
    if (!conditions) {
      conditions = this.remember(loadGroupConditions(this.db, groupId), () => this.groups.delete(groupId));
      this.groups.set(groupId, conditions);
    }
    return conditions;
  }

  /**
   * The catalogue's and the prices' revisions, « 12.40 »: a cart's entity tag names them
   * (oms/cart-store.ts cartEtag), so that a client holding a cart revalidates its prices after
   * an import instead of keeping the old ones until the next change.
   */
  async revisionTag(): Promise<string> {
    await this.refresh();
    return `${this.known?.catalogue ?? 0}.${this.known?.pricing ?? 0}`;
  }

  /** Reads the revision counters when the last read is older than `revisionCheckMs`. */
  private refresh(): Promise<void> {
    const now = this.clock();
    if (now - this.lastCheck < this.revisionCheckMs) return Promise.resolve();
    this.checking ??= this.checkRevisions().finally(() => {
      this.lastCheck = this.clock();
      this.checking = null;
    });
    return this.checking;
  }

  private async checkRevisions(): Promise<void> {
    const rows = await this.db.selectFrom("catalogue_revisions").select(["name", "revision"]).execute();
    const current: Revisions = {
      catalogue: rows.find((row) => row.name === "catalogue")?.revision ?? 0,
      pricing: rows.find((row) => row.name === "pricing")?.revision ?? 0,
    };
    const previous = this.known;
    this.known = current;
    if (!previous) return;
    if (current.pricing !== previous.pricing) {
      this.everyone = null;
      this.organizations.clear();
      this.groups.clear();
    }
    if (current.catalogue !== previous.catalogue) {
      this.searches.clear();
      this.rebuildInBackground();
      for (const listener of this.catalogueListeners) listener();
    }
  }

  /**
   * This process has just committed a change of the catalogue (an ERP import): the counters
   * are read now, not within the second, and the rebuild they call for is waited for, so the
   * caller's answer comes after the catalogue shows the change. A check or a rebuild already
   * running may have read the database before the commit: it is let finish, then done again.
   */
  async catalogueWritten(): Promise<void> {
    await this.checking;
    this.lastCheck = Number.NEGATIVE_INFINITY;
    await this.refresh();
    while (this.rebuilding) await this.rebuilding;
  }

  /** Keeps serving the previous products while the new ones load; the first build is awaited. */
  private rebuildInBackground(): void {
    if (!this.index) return;
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return;
    }
    const next = loadProductIndex(this.db);
    this.rebuilding = next
      .then((built) => {
        this.index = Promise.resolve(built);
      })
      .catch(() => {
        // The old products keep serving; the next check tries again.
        if (this.known) this.known = { ...this.known, catalogue: Number.NaN };
      })
      .finally(() => {
        this.rebuilding = null;
        if (this.rebuildAgain) {
          this.rebuildAgain = false;
          this.rebuildInBackground();
        }
      });
  }

  /** Waits for a background rebuild (tests, and a clean shutdown). */
  async settled(): Promise<void> {
    await this.checking;
    while (this.rebuilding) await this.rebuilding;
  }

  /** A failed load is forgotten at once, so the next request tries again. */
  private remember<T>(loading: Promise<T>, forget: () => void): Promise<T> {
    loading.catch(forget);
    return loading;
  }
}
