import type { Kysely } from "kysely";
import type { Stock } from "@shared/contracts/entities";
import type { Database } from "../../db/schema";

/**
 * Stock figures of products, each kept at most `ttlMs` (default 1 s): a catalogue page asks
 * for the same 24 products as every other visitor of that page, and a figure a second old is
 * what the distributor's own client showed (it refreshed one product per second). Unknown ids
 * are remembered as unknown for the same time. 0 = read every time.
 */
export class StockCache {
  private readonly entries = new Map<number, { at: number; stock: Stock | null }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number = 1000,
    private readonly maxEntries: number = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Stock of existing products, in the order asked, each id once; a product without a stock row has none. */
  async read(ids: readonly number[]): Promise<Stock[]> {
    const unique = [...new Set(ids)];
    const now = this.clock();
    const missing = unique.filter((id) => {
      const hit = this.entries.get(id);
      return !hit || now - hit.at >= this.ttlMs;
    });
    const fresh = missing.length > 0 ? await readStocks(this.db, missing) : new Map<number, Stock | null>();
    if (this.ttlMs > 0) this.remember(fresh, now);
    return unique.flatMap((id) => {
      const stock = fresh.has(id) ? fresh.get(id) : this.entries.get(id)?.stock;
      return stock ? [stock] : [];
    });
  }

  /** Forgets every figure: an import has just written the stocks table (imports/routes.ts). */
  clear(): void {
    this.entries.clear();
  }

  private remember(fresh: Map<number, Stock | null>, at: number): void {
    for (const [id, stock] of fresh) {
      this.entries.delete(id);
      this.entries.set(id, { at, stock });
    }
    // A Map iterates in insertion order: the first key was read longest ago.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

async function readStocks(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, Stock | null>> {
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("stocks as s", "s.product_id", "p.id")
    .select(["p.id", "s.sto_disp", "s.refill_date", "s.refill_qte"])
    .where("p.id", "in", [...ids])
    .execute();
  const found = new Map<number, Stock | null>(ids.map((id) => [id, null]));
  for (const row of rows) {
    found.set(row.id, { obj_id: row.id, sto_disp: row.sto_disp ?? 0, sto_refill_date: row.refill_date, sto_refill_qte: row.refill_qte });
  }
  return found;
}
