import { sql, type Kysely } from "kysely";
import type { StockArrival } from "@shared/contracts/orders";
import { normalizeReference } from "@shared/domain/index";
import type { AlertNotifier } from "../alerts/dispatcher";
import type { Database } from "../db/schema";
import { withFavorites } from "../favorites/schema";
import { ApiFailure } from "../http/errors";
import { recordEvents } from "./events";

export interface ArrivalInput {
  objRef: string;
  qty: number;
  /** The next refill awaited, if any (the one that arrived is over). */
  nextRefillDate: string | null;
  nextRefillQty: number | null;
  author: string;
  at: Date;
  /** Told once the arrival has committed: back-orders available, favourites back in stock (alerts/). */
  alerts?: AlertNotifier;
}

/**
 * Records units received in the warehouse (docs/orders.md): the stock on hand grows, the awaited
 * refill becomes the next one (or none), and the waiting back-orders of the product are made
 * available, oldest order first, as far as the stock on hand covers them all (first come,
 * first served: a later order is not served before an earlier one that does not fit).
 */
export async function recordStockArrival(db: Kysely<Database>, input: ArrivalInput): Promise<StockArrival> {
  const { arrival, served, backInStock } = await db.transaction().execute(async (trx) => {
    const ref = normalizeReference(input.objRef).replace(/\s+/g, "");
    const product = await trx
      .selectFrom("products")
      .select(["id", "ref"])
      .where("ref_norm", "=", ref)
      .where("is_port", "=", false)
      .executeTakeFirst();
    if (!product) throw new ApiFailure(404, "unknown_product", `Produit ${ref} introuvable.`);
    const stock = await trx
      .insertInto("stocks")
      .values({ product_id: product.id, sto_disp: input.qty, refill_date: input.nextRefillDate, refill_qte: input.nextRefillQty })
      .onConflict((oc) =>
        oc.column("product_id").doUpdateSet({
          sto_disp: sql<number>`greatest(stocks.sto_disp, 0) + ${input.qty}`,
          refill_date: input.nextRefillDate,
          refill_qte: input.nextRefillQty,
        }),
      )
      .returning(["sto_disp", "refill_date", "refill_qte"])
      .executeTakeFirstOrThrow();

    const open = await trx
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .select(["l.order_id", "l.position", "l.ref", "l.backorder_qty", "l.available_at", "o.ref as ord_ref"])
      .where("l.product_id", "=", product.id)
      .where("l.backorder_qty", ">", 0)
      .orderBy("o.created_at")
      .orderBy("o.id")
      .forUpdate()
      .execute();
    // What the back-orders already available hold is not there for the others.
    let pool = stock.sto_disp - open.filter((line) => line.available_at !== null).reduce((sum, line) => sum + line.backorder_qty, 0);
    const served: typeof open = [];
    for (const line of open.filter((candidate) => candidate.available_at === null)) {
      if (line.backorder_qty > pool) break;
      pool -= line.backorder_qty;
      served.push(line);
    }
    for (const line of served) {
      await trx
        .updateTable("order_lines")
        .set({ available_at: input.at })
        .where("order_id", "=", line.order_id)
        .where("position", "=", line.position)
        .execute();
    }
    await recordEvents(
      trx,
      served.map((line) => ({
        orderId: line.order_id,
        at: input.at,
        kind: "backorder_available" as const,
        author: input.author,
        data: { obj_ref: line.ref, qty: line.backorder_qty },
      })),
    );
    const arrival: StockArrival = {
      obj_id: product.id,
      obj_ref: product.ref,
      sto_disp: stock.sto_disp,
      sto_refill_date: stock.refill_date,
      sto_refill_qte: stock.refill_qte,
      backorders_available: served.map((line) => ({ ord_ref: line.ord_ref, qty: line.backorder_qty })),
    };
    // Back in stock: there was none on hand before these units (the upsert adds them to max(old, 0)).
    return { arrival, served, backInStock: stock.sto_disp > 0 && stock.sto_disp - input.qty <= 0 };
  });
  if (input.alerts) await tellArrival(db, input.alerts, { productId: arrival.obj_id, at: input.at, served, backInStock });
  return arrival;
}

/** The alerts of an arrival, after its commit: each back-order served, and each user whose favourite it is, if it was out of stock. */
async function tellArrival(
  db: Kysely<Database>,
  alerts: AlertNotifier,
  facts: { productId: number; at: Date; served: Array<{ order_id: number; ref: string }>; backInStock: boolean },
): Promise<void> {
  const arrival = `${facts.productId}@${facts.at.toISOString()}`;
  for (const line of facts.served) alerts.notify({ kind: "backorder_available", orderId: line.order_id, objRef: line.ref, arrival });
  if (!facts.backInStock) return;
  const fans = await withFavorites(db)
    .selectFrom("favorites")
    .select("user_id")
    .where("product_id", "=", facts.productId)
    .orderBy("user_id")
    .execute();
  for (const fan of fans) alerts.notify({ kind: "favourite_back_in_stock", usrId: fan.user_id, productId: facts.productId, arrival });
}
