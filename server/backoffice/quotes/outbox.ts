import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { eventCustomerOf, recordOutboxEvent } from "../outbox/record";
import { loadQuoteDetail } from "./queries";

/**
 * Tells the ERP of a quote asked or accepted (decision 0182), in the transaction that wrote it:
 * the quote as the distributor's side reads it, with prices, without the page's actions.
 */
export async function recordQuoteOutboxEvent(
  trx: Kysely<Database>,
  quoId: number,
  type: "quote.requested" | "quote.accepted",
  at: Date,
): Promise<void> {
  const row = await trx.selectFrom("quotes").select("org_id").where("id", "=", quoId).executeTakeFirstOrThrow();
  const detail = await loadQuoteDetail(trx, quoId, { scope: { kind: "org", orgId: row.org_id }, side: "commercial", prices: true }, at);
  if (!detail) throw new Error(`quote ${quoId} not readable in its own transaction`);
  const { actions: _actions, ...quote } = detail;
  await recordOutboxEvent(trx, {
    type,
    stream: `quote:${quote.number}`,
    orgId: row.org_id,
    at,
    data: { customer: await eventCustomerOf(trx, row.org_id), quote },
  });
}
