import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { HistoryRow } from "@shared/contracts/orders";
import type { Database } from "../db/schema";
import type { Paging } from "./list";
import { productMatches } from "./text-match";
import { amount, iso } from "./views";

/** The first day of the history: the same day twelve months back (29 February: 1 March). */
export function twelveMonthsBefore(today: string): string {
  const [year, month, day] = today.split("-").map(Number);
  return new Date(Date.UTC((year ?? 0) - 1, (month ?? 1) - 1, day ?? 1)).toISOString().slice(0, 10);
}

interface HistoryDbRow {
  product_id: number;
  ref: string;
  title: string;
  total_qty: number;
  order_count: number;
  last_at: Date;
  last_unit_price: number;
}

/**
 * What the organization bought over the last twelve months (docs/orders.md): one row per
 * product, units ordered less those cancelled, the number of orders, the last order's date and
 * unit price; most recently bought first; `q` a reference's beginning or words of the title.
 */
export async function purchaseHistory(db: Kysely<Database>, orgId: number, today: string, q: string | undefined, paging: Paging, prices: boolean) {
  const since = twelveMonthsBefore(today);
  const match: RawBuilder<SqlBool> = q ? productMatches(sql.ref("l.ref"), sql.ref("l.title"), q) : sql<SqlBool>`true`;
  const bought = sql`
    select l.product_id, l.ref, l.title, l.unit_price, l.qty - l.cancelled_qty as net, o.id as order_id, o.created_at,
           row_number() over (partition by l.product_id order by o.created_at desc, o.id desc) as recency
    from orders o join order_lines l on l.order_id = o.id
    where o.org_id = ${orgId}
      and o.created_at >= (${since}::date::timestamp at time zone 'Europe/Paris')
      and not l.is_port and l.qty > l.cancelled_qty and ${match}`;
  const [rows, count] = await Promise.all([
    sql<HistoryDbRow>`
      with bought as (${bought})
      select product_id,
             max(ref) filter (where recency = 1) as ref,
             max(title) filter (where recency = 1) as title,
             sum(net)::int as total_qty,
             count(distinct order_id)::int as order_count,
             max(created_at) as last_at,
             max(unit_price) filter (where recency = 1) as last_unit_price
      from bought
      group by product_id
      order by max(created_at) desc, product_id
      limit ${paging.size} offset ${(paging.page - 1) * paging.size}`.execute(db),
    sql<{ total: number }>`with bought as (${bought}) select count(distinct product_id)::int as total from bought`.execute(db),
  ]);
  const items: HistoryRow[] = rows.rows.map((row) => ({
    obj_id: row.product_id,
    obj_ref: row.ref,
    obj_title: row.title,
    total_qty: row.total_qty,
    order_count: row.order_count,
    last_ordered_at: iso(row.last_at),
    last_unit_price: amount(row.last_unit_price, prices),
  }));
  return { items, total: Number(count.rows[0]?.total ?? 0), page: paging.page, size: paging.size, since };
}
