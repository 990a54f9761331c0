import type { FeedRecord } from "../reader/table";
import { slices } from "./chunks";
import { STOCK_COLUMNS } from "./product-columns";
import { planStock, type StockLine } from "./stock-plan";
import { text, type Feed } from "./plan";

const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);

function stockLine(record: FeedRecord): StockLine {
  return {
    line: record.line,
    reference: text(record, "reference") ?? "",
    available: numberOrNull(record.values.available) ?? 0,
    refillDate: text(record, "refill_date"),
    refillQuantity: numberOrNull(record.values.refill_quantity),
  };
}

/**
 * The `stock` feed: one stocks row per product, found by its normalised reference, upserted a
 * thousand rows a statement. The stocks table bumps no revision: the import's route empties
 * the back-office's one-second stock cache (pim/read-model/stock-cache.ts) once it is applied.
 */
export const stockFeed: Feed = {
  columns: STOCK_COLUMNS,
  async plan(trx, records, context) {
    const [products, stocks] = await Promise.all([
      trx.selectFrom("products").select(["id", "ref_norm", "is_port"]).execute(),
      trx.selectFrom("stocks").select(["product_id", "sto_disp", "refill_date", "refill_qte"]).execute(),
    ]);
    const plan = planStock({
      lines: records.map(stockLine),
      products: new Map(products.map((product) => [product.ref_norm, product])),
      stocks: new Map(stocks.map((stock) => [stock.product_id, stock])),
      present: context.fields,
    });
    return {
      issues: plan.issues,
      counts: plan.counts,
      async write() {
        for (const slice of slices(plan.writes)) {
          await trx
            .insertInto("stocks")
            .values([...slice])
            .onConflict((conflict) =>
              conflict.column("product_id").doUpdateSet((eb) => ({
                sto_disp: eb.ref("excluded.sto_disp"),
                refill_date: eb.ref("excluded.refill_date"),
                refill_qte: eb.ref("excluded.refill_qte"),
              })),
            )
            .execute();
        }
      },
    };
  },
};
