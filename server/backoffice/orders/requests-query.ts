import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/**
 * Cancellation requests with their order's number and their line's product, as requestView
 * reads them; callers add their where and order by.
 */
export function requestsQuery(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom("cancellation_requests as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("order_lines as l", (join) => join.onRef("l.order_id", "=", "r.order_id").onRef("l.position", "=", "r.position"))
    .select([
      "r.id",
      "r.order_id",
      "o.ref as ord_ref",
      "l.product_id",
      "l.ref as obj_ref",
      "l.title as obj_title",
      "r.qty",
      "r.reason",
      "r.requested_at",
      "r.requested_by_name",
      "r.status",
      "r.answered_at",
      "r.answered_by",
      "r.answer",
      "r.position",
    ]);
}
