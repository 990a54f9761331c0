import type { Kysely } from "kysely";
import {
  COLLECTED_STATUS,
  PLATFORM_STATUS_CHOICES,
  platformStatusLabel,
  platformStatusOf,
  type PlatformStatus,
  type PlatformStatusCode,
  type PlatformStatusEntry,
  type PlatformStatusRequest,
} from "@shared/contracts/einvoicing";
import { parisDate } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import { lockInvoiceByNumber, remainingOn } from "./payments";

/**
 * The statuses of the plateforme agréée (docs/invoices.md, decision 0185): recorded as the
 * distributor's systems pass them on, only ever added to, read back as the invoice's latest
 * status and its history.
 */

/** A platform's instant may be a few minutes ahead of this server's clock. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The payment method of what « encaissée » settles (shared/contracts/invoices.ts). */
export const COLLECTED_METHOD = "encaissement déclaré";

const refused = (message: string, path: string) => new ApiFailure(422, "invalid_platform_status", message, { issues: [{ path, message }] });

export interface PlatformStatusInput {
  number: string;
  request: PlatformStatusRequest;
  author: string;
  now: Date;
}

/**
 * Records a status the platform reported, with the invoice locked. The same status at the same
 * instant sent again records nothing more (at-least-once senders). « encaissée » on an invoice
 * with something left records, in the same transaction, a payment of what remains (method
 * « encaissement déclaré », dated the platform's day): from then on the invoice is « payée »
 * everywhere its payments are read (list, filter, account's position, overdue alerts).
 */
export async function recordPlatformStatus(db: Kysely<Database>, input: PlatformStatusInput): Promise<void> {
  const status = platformStatusOf(input.request.status);
  if (!status) {
    throw refused(
      `Statut de plateforme inconnu : « ${String(input.request.status)} ». Statuts possibles : ${PLATFORM_STATUS_CHOICES}.`,
      "status",
    );
  }
  const at = new Date(input.request.at);
  if (at.getTime() > input.now.getTime() + CLOCK_SKEW_MS) throw refused("L'instant du statut est dans le futur.", "at");
  await db.transaction().execute(async (trx) => {
    const invoice = await lockInvoiceByNumber(trx, input.number);
    const day = parisDate(at);
    if (day < invoice.issued_on) {
      throw refused(`L'instant du statut précède la date de la facture ${invoice.number} (${invoice.issued_on}).`, "at");
    }
    const inserted = await trx
      .insertInto("invoice_platform_statuses")
      .values({
        invoice_id: invoice.id,
        status: status.code,
        at,
        message: input.request.message ?? null,
        platform: input.request.platform ?? null,
        recorded_at: input.now,
        author: input.author,
      })
      .onConflict((conflict) => conflict.columns(["invoice_id", "status", "at"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted || status.code !== COLLECTED_STATUS || invoice.kind !== "facture") return;
    const remaining = await remainingOn(trx, invoice);
    if (remaining <= 0) return;
    const today = parisDate(input.now);
    await trx
      .insertInto("invoice_payments")
      .values({
        invoice_id: invoice.id,
        paid_on: day > today ? today : day,
        amount: remaining,
        method: COLLECTED_METHOD,
        reference: input.request.platform?.slice(0, 60) ?? null,
        recorded_at: input.now,
        author: input.author,
      })
      .execute();
  });
}

interface StatusRow {
  status: number;
  at: Date;
}

function statusView(row: StatusRow): PlatformStatus {
  const code = row.status as PlatformStatusCode;
  return { code, label: platformStatusLabel(code), at: row.at.toISOString() };
}

/** The latest status of each of these invoices (by the platform's instant), by invoice id. */
export async function latestPlatformStatuses(db: Kysely<Database>, invoiceIds: readonly number[]): Promise<Map<number, PlatformStatus>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("invoice_platform_statuses")
    .distinctOn("invoice_id")
    .select(["invoice_id", "status", "at"])
    .where("invoice_id", "in", [...invoiceIds])
    .orderBy("invoice_id")
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
  return new Map(rows.map((row) => [row.invoice_id, statusView(row)]));
}

/** An invoice's statuses, oldest first (by the platform's instant, then as recorded). */
export async function platformStatusHistory(db: Kysely<Database>, invoiceId: number): Promise<PlatformStatusEntry[]> {
  const rows = await db
    .selectFrom("invoice_platform_statuses")
    .selectAll()
    .where("invoice_id", "=", invoiceId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    ...statusView(row),
    message: row.message,
    platform: row.platform,
    recorded_at: row.recorded_at.toISOString(),
    author: row.author,
  }));
}
