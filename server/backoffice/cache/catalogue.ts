import { sql, type Kysely } from "kysely";
import type { Brand } from "@shared/contracts/api";
import type { Category, ShippingProduct } from "@shared/contracts/entities";
import { frenchOrder } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { loadShippingProducts } from "../oms/account";
import { loadCategoryTree } from "../pim/categories";
import { TtlCache } from "./ttl-cache";

export interface CatalogueCacheOptions {
  /** Lifetime of the category tree, shipping products and listing totals (default 30 s; 0 = no cache). */
  ttlMs?: number;
  /** Lifetime of the brand list with its product counts, the costliest to rebuild (default 5 min). */
  brandTtlMs?: number;
}

/**
 * What every caller of the back-office sees the same, kept in this process for a bounded
 * time (docs/decisions/0080-backoffice-performance.md): the category tree and each
 * category's descendants, the brands with their product counts, the shipping products, and
 * the totals of listings whose filters do not depend on the caller. Prices, promotions,
 * stock and carts are never cached: they are read on every request.
 */
export class CatalogueCache {
  private readonly trees: TtlCache<CategoryIndex>;
  private readonly brandLists: TtlCache<Brand[]>;
  private readonly shipping: TtlCache<ShippingProduct[]>;
  private readonly totals: TtlCache<number>;

  constructor(
    private readonly db: Kysely<Database>,
    options: CatalogueCacheOptions = {},
  ) {
    const ttl = options.ttlMs ?? 30_000;
    this.trees = new TtlCache(ttl, 1);
    this.brandLists = new TtlCache(options.brandTtlMs ?? 300_000, 1);
    this.shipping = new TtlCache(ttl, 1);
    this.totals = new TtlCache(ttl, 2000);
  }

  async categoryTree(): Promise<Category[]> {
    return (await this.categoryIndex()).tree;
  }

  /** A category and every category below it; empty for an unknown id. */
  async descendantIds(rootId: number): Promise<number[]> {
    return (await this.categoryIndex()).descendants.get(rootId) ?? [];
  }

  brands(): Promise<Brand[]> {
    return this.brandLists.get("all", () => loadBrands(this.db));
  }

  shippingProducts(): Promise<ShippingProduct[]> {
    return this.shipping.get("all", () => loadShippingProducts(this.db));
  }

  /** The number of products of a listing whose filters are the same for every caller. */
  listingTotal(key: string, count: () => Promise<number>): Promise<number> {
    return this.totals.get(key, count);
  }

  /** Drops every cached list at once: an import wrote the catalogue or the shipping lines' prices (imports/jobs.ts). */
  forget(): void {
    this.trees.clear();
    this.brandLists.clear();
    this.shipping.clear();
    this.totals.clear();
  }

  private categoryIndex(): Promise<CategoryIndex> {
    return this.trees.get("all", async () => indexTree(await loadCategoryTree(this.db)));
  }
}

interface CategoryIndex {
  tree: Category[];
  descendants: Map<number, number[]>;
}

function indexTree(tree: Category[]): CategoryIndex {
  const descendants = new Map<number, number[]>();
  const visit = (node: Category): number[] => {
    const ids = [node.obj_id, ...node.obj_childs.flatMap(visit)];
    descendants.set(node.obj_id, ids);
    return ids;
  };
  tree.forEach(visit);
  return { tree, descendants };
}

/** Brands A to Z in French order with their listed products (one index-only count per brand, 0005_performance). */
async function loadBrands(db: Kysely<Database>): Promise<Brand[]> {
  const brands = await db
    .selectFrom("brands as b")
    .select([
      "b.id as obj_id",
      "b.slug as obj_slug",
      "b.title as obj_title",
      sql<number>`(select count(*)::int from products p where p.brand_id = b.id and not p.discontinued and not p.is_port)`.as(
        "product_count",
      ),
    ])
    .execute();
  return brands.sort((a, b) => frenchOrder.compare(a.obj_title, b.obj_title));
}
