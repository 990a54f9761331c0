import { sql, type Kysely } from "kysely";
import type { OrderListResponse, OrderStatus, OrderSummary, ServiceOrderSummary } from "@shared/contracts/orders";
import { frenchOrder } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { containsText, productMatches } from "./text-match";
import { amount, iso, orderAuthorOf } from "./views";

/** Filters of an order list; each one given narrows it (docs/orders.md). */
export interface OrderFilters {
  orgId?: number;
  orgRef?: string;
  /** Paris calendar dates, both included. */
  from?: string;
  to?: string;
  status?: OrderStatus;
  ref?: string;
  product?: string;
  author?: number;
}

export interface Paging {
  page: number;
  size: number;
}

/** The start of a French calendar day, as an instant (the database knows the time zone's rules). */
const parisMidnight = (date: string, days = 0) => sql<Date>`((${date}::date + ${days}::int)::timestamp at time zone 'Europe/Paris')`;

function filteredOrders(db: Kysely<Database>, filters: OrderFilters) {
  let query = db.selectFrom("orders as o").innerJoin("organizations as g", "g.id", "o.org_id");
  if (filters.orgId !== undefined) query = query.where("o.org_id", "=", filters.orgId);
  if (filters.orgRef) query = query.where("g.ref", "=", filters.orgRef.toUpperCase());
  if (filters.from) query = query.where("o.created_at", ">=", parisMidnight(filters.from));
  if (filters.to) query = query.where("o.created_at", "<", parisMidnight(filters.to, 1));
  if (filters.status) query = query.where("o.status", "=", filters.status);
  if (filters.author !== undefined) query = query.where("o.usr_id", "=", filters.author);
  const ref = filters.ref;
  if (ref) query = query.where((eb) => eb.or([containsText(eb.ref("o.cart_ref"), ref), containsText(eb.ref("o.ref"), ref)]));
  const product = filters.product;
  if (product) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_lines as pl")
          .select("pl.position")
          .whereRef("pl.order_id", "=", "o.id")
          .where("pl.is_port", "=", false)
          .where(productMatches(sql.ref("pl.ref"), sql.ref("pl.title"), product)),
      ),
    );
  }
  return query;
}

async function orderPage(db: Kysely<Database>, filters: OrderFilters, paging: Paging) {
  const base = filteredOrders(db, filters);
  const [rows, count] = await Promise.all([
    base
      .leftJoin("users as u", "u.id", "o.usr_id")
      .select([
        "o.id",
        "o.ref",
        "o.created_at",
        "o.cart_ref",
        "o.usr_id",
        "o.usr_name",
        "o.status",
        "o.total_ht",
        "o.total_ecotaxe",
        "o.total_tva",
        "o.total_ttc",
        "g.ref as org_ref",
        "g.name as org_name",
        "u.class as author_class",
        sql<number>`(select count(*) from order_lines l where l.order_id = o.id and not l.is_port)`.as("line_count"),
        sql<number>`(select count(*) from order_lines l where l.order_id = o.id and l.backorder_qty > 0)`.as("backorder_count"),
        sql<number>`(select coalesce(sum(l.qty - l.shipped_qty - l.cancelled_qty), 0) from order_lines l where l.order_id = o.id and not l.is_port)`.as(
          "remaining_units",
        ),
      ])
      .orderBy("o.created_at", "desc")
      .orderBy("o.id", "desc")
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

type PageRow = Awaited<ReturnType<typeof orderPage>>["rows"][number];

function summaryOf(row: PageRow, prices: boolean): OrderSummary {
  return {
    ord_id: row.id,
    ord_ref: row.ref,
    created_at: iso(row.created_at),
    cart_ref: row.cart_ref,
    author: orderAuthorOf(row),
    status: row.status as OrderStatus,
    line_count: Number(row.line_count),
    backorder_count: Number(row.backorder_count),
    ord_total_ht: amount(row.total_ht, prices),
    ord_total_ecotaxe: amount(row.total_ecotaxe, prices),
    ord_total_tva: amount(row.total_tva, prices),
    ord_total_ttc: amount(row.total_ttc, prices),
  };
}

/** An organization's orders, newest first, with everyone who placed one (the author filter). */
export async function listOrganizationOrders(
  db: Kysely<Database>,
  orgId: number,
  filters: Omit<OrderFilters, "orgId" | "orgRef">,
  paging: Paging,
  prices: boolean,
): Promise<OrderListResponse> {
  const [{ rows, total }, authors] = await Promise.all([
    orderPage(db, { ...filters, orgId }, paging),
    db
      .selectFrom("orders")
      .select(["usr_id", sql<string>`max(usr_name)`.as("name")])
      .where("org_id", "=", orgId)
      .groupBy("usr_id")
      .execute(),
  ]);
  return {
    items: rows.map((row) => summaryOf(row, prices)),
    total,
    page: paging.page,
    size: paging.size,
    authors: authors.sort((a, b) => frenchOrder.compare(a.name, b.name)),
  };
}

/** Every organization's orders, for the distributor's systems (prices shown). */
export async function listAllOrders(db: Kysely<Database>, filters: OrderFilters, paging: Paging) {
  const { rows, total } = await orderPage(db, filters, paging);
  const items: ServiceOrderSummary[] = rows.map((row) => ({
    ...summaryOf(row, true),
    org_ref: row.org_ref,
    org_name: row.org_name,
    remaining_units: Number(row.remaining_units),
  }));
  return { items, total, page: paging.page, size: paging.size };
}
