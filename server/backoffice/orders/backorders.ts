import type { Kysely } from "kysely";
import type { BackorderLine, LineBackorder } from "@shared/contracts/orders";
import { remainingOf } from "@shared/domain/index";
import type { Database } from "../db/schema";
import type { Paging } from "./list";
import { requestsQuery } from "./requests-query";
import { amount, iso, lineBackorderOf, requestView } from "./views";

/**
 * The organization's open back-orders (docs/orders.md): every product line with units waiting,
 * newest order first, with its order, its state (waiting or available), the expected date and
 * its latest cancellation request.
 */
export async function listBackorders(db: Kysely<Database>, orgId: number, paging: Paging, prices: boolean) {
  const base = db
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .where("o.org_id", "=", orgId)
    .where("l.backorder_qty", ">", 0);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("stocks as s", "s.product_id", "l.product_id")
      .select([
        "l.order_id",
        "l.position",
        "l.product_id",
        "l.ref",
        "l.title",
        "l.qty",
        "l.shipped_qty",
        "l.cancelled_qty",
        "l.backorder_qty",
        "l.backordered_at",
        "l.available_at",
        "l.unit_price",
        "o.ref as ord_ref",
        "o.created_at",
        "o.cart_ref",
        "s.sto_disp",
        "s.refill_date",
      ])
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .orderBy("l.position")
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  const orderIds = [...new Set(rows.map((row) => row.order_id))];
  const requests =
    orderIds.length === 0
      ? []
      : await requestsQuery(db).where("r.order_id", "in", orderIds).orderBy("r.requested_at").orderBy("r.id").execute();
  const latest = new Map(requests.map((request) => [`${request.order_id}:${request.position}`, requestView(request)]));
  const items: BackorderLine[] = rows.map((row) => ({
    ord_id: row.order_id,
    ord_ref: row.ord_ref,
    ord_created_at: iso(row.created_at),
    cart_ref: row.cart_ref,
    obj_id: row.product_id,
    obj_ref: row.ref,
    obj_title: row.title,
    ordered: row.qty,
    shipped: row.shipped_qty,
    remaining: remainingOf({ qty: row.qty, shipped: row.shipped_qty, cancelled: row.cancelled_qty }),
    // A line with units waiting always became a back-order at some instant.
    backorder: lineBackorderOf(row) as LineBackorder,
    unit_price: amount(row.unit_price, prices),
    cancellation_request: latest.get(`${row.order_id}:${row.position}`) ?? null,
  }));
  return { items, total: Number(count.total), page: paging.page, size: paging.size };
}
