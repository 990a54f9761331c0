import type { Kysely } from "kysely";
import type { Order } from "@shared/contracts/api";
import { address, type Address } from "@shared/contracts/entities";
import type { Database } from "../db/schema";

function storedAddress(value: unknown): Address | null {
  const parsed = address.nullable().safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * The same order with every amount null, keys kept: what a people account without `prices`
 * receives (docs/specification.md §6, docs/decisions/0107-no-amounts-without-prices.md, as
 * docs/decisions/0103-order-follow-up-for-customers.md for the follow-up calls).
 */
export function withoutAmounts(order: Order): Order {
  return {
    ...order,
    lines: order.lines.map((line) => ({ ...line, unit_price: null, prd_ecotaxe: null, line_total_ht: null })),
    ord_total_ht: null,
    ord_total_ecotaxe: null,
    ord_total_tva: null,
    ord_total_ttc: null,
  };
}

/** The distinct quote numbers of an order's lines, sorted (docs/quotes.md). */
export function quoteNumbersOf(lines: readonly { quote_number: string | null }[]): string[] {
  return [...new Set(lines.flatMap((line) => (line.quote_number ? [line.quote_number] : [])))].sort();
}

/** An order with its lines, as the contract shows it; undefined when it is not this org's. */
export async function loadOrder(db: Kysely<Database>, orgId: number, orderId: number): Promise<Order | undefined> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).where("org_id", "=", orgId).executeTakeFirst();
  if (!row) return undefined;
  const lines = await db
    .selectFrom("order_lines")
    .select(["product_id", "ref", "title", "qty", "is_port", "unit_price", "ecotaxe", "line_total_ht", "quote_number", "customer_code"])
    .where("order_id", "=", row.id)
    .orderBy("position")
    .execute();
  return {
    ord_id: row.id,
    ord_ref: row.ref,
    org_id: row.org_id,
    usr_id: row.usr_id,
    usr_name: row.usr_name,
    created_at: row.created_at.toISOString(),
    status: row.status,
    cart_ref: row.cart_ref,
    comments: row.comments,
    notes: row.notes,
    partialDelivery: row.partial_delivery,
    saturday: row.saturday,
    ldd_active: row.ldd_active,
    dlv_address: storedAddress(row.dlv_address),
    inv_address: storedAddress(row.inv_address),
    lines: lines.map((line) => ({
      obj_id: line.product_id,
      obj_ref: line.ref,
      obj_title: line.title,
      qty: line.qty,
      prd_is_port: line.is_port,
      unit_price: line.unit_price,
      prd_ecotaxe: line.ecotaxe,
      line_total_ht: line.line_total_ht,
      quote_number: line.quote_number,
      customer_code: line.customer_code,
    })),
    ord_total_ht: row.total_ht,
    ord_total_ecotaxe: row.total_ecotaxe,
    ord_total_tva: row.total_tva,
    ord_total_ttc: row.total_ttc,
    quote_numbers: quoteNumbersOf(lines),
    ...(row.approved_by_name ? { approved_by_name: row.approved_by_name } : {}),
  };
}
