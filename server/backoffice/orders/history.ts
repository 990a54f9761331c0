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
export async function purchaseHistory(
  db: Kysely<Database>,
  orgId: number,
  today: string,
  q: string | undefined,
  paging: Paging,
  prices: boolean,
) {
  const since = twelveMonthsBefore(today);
  const match: RawBuilder<SqlBool> = q ? productMatches(sql.ref("l.ref"), sql.ref("l.title"), q) : sql<SqlBool>`true`;
  const lines = sql`not l.is_port and l.qty > l.cancelled_qty and ${match}`;
  // docs/performance.md: one pass aggregates the twelve months' lines per product (no window
  // over every line), counts the products in the same pass (count(*) over () runs before the
  // LIMIT), and only the page's rows look up their last line (reference, title, unit price):
  // orders_org_idx at the product's last date, then order_lines' primary key. The existing
  // indexes suffice; the same answer as a row_number() over every line (the tests check it).
  const rows = await sql<HistoryDbRow & { total: number }>`
    with bought as (
      select l.product_id, sum(l.qty - l.cancelled_qty)::int as total_qty, count(distinct o.id)::int as order_count,
             max(o.created_at) as last_at
      from orders o join order_lines l on l.order_id = o.id
      where o.org_id = ${orgId}
        and o.created_at >= (${since}::date::timestamp at time zone 'Europe/Paris')
        and ${lines}
      group by l.product_id
    ), page as (
      select b.*, count(*) over ()::int as total
      from bought b
      order by b.last_at desc, b.product_id
      limit ${paging.size} offset ${(paging.page - 1) * paging.size}
    )
    select page.*, last.ref, last.title, last.unit_price as last_unit_price
    from page cross join lateral (
      select l.ref, l.title, l.unit_price
      from orders o join order_lines l on l.order_id = o.id
      where o.org_id = ${orgId} and o.created_at = page.last_at and l.product_id = page.product_id and ${lines}
      order by o.id desc, l.position desc
      limit 1
    ) last
    order by page.last_at desc, page.product_id`.execute(db);
  // A page past the end has no row to carry the total: count then (rare, cheap enough).
  const total =
    rows.rows[0]?.total ??
    (paging.page > 1
      ? Number(
          (
            await sql<{ total: number }>`
              select count(distinct l.product_id)::int as total
              from orders o join order_lines l on l.order_id = o.id
              where o.org_id = ${orgId}
                and o.created_at >= (${since}::date::timestamp at time zone 'Europe/Paris')
                and ${lines}`.execute(db)
          ).rows[0]?.total ?? 0,
        )
      : 0);
  const items: HistoryRow[] = rows.rows.map((row) => ({
    obj_id: row.product_id,
    obj_ref: row.ref,
    obj_title: row.title,
    total_qty: row.total_qty,
    order_count: row.order_count,
    last_ordered_at: iso(row.last_at),
    last_unit_price: amount(row.last_unit_price, prices),
  }));
  return { items, total: Number(total), page: paging.page, size: paging.size, since };
}
