import type { Kysely, Selectable, Transaction } from "kysely";
import type {
  ReturnDetail,
  ReturnLine,
  ReturnPhoto,
  ReturnReason,
  ReturnStatus,
  ReturnStep,
  ReturnSummary,
  ServiceReturnDetail,
} from "@shared/contracts/returns";
import type { Database, ReturnLinesTable } from "../db/schema";

/**
 * A return as the contract shows it (shared/contracts/returns.ts), read from its tables: the
 * summary of a list, the detail with its lines, photos, steps, credit notes and exchange, and
 * the distributor's detail with its customer. The unit price shown is the frozen net price plus
 * the ecotax (what was invoiced per unit); the amount counts the received units once received.
 */

type Reader = Kysely<Database> | Transaction<Database>;
type LineRow = Selectable<ReturnLinesTable>;

export interface ReturnViewOptions {
  /** The `prices` right: without it every amount is null. */
  prices: boolean;
}

/** The slip is printed once the return is accepted, and stays available afterwards (not after a refusal). */
const SLIP_STATUSES: readonly ReturnStatus[] = ["accepté", "reçu", "avoir émis", "échange expédié"];

export function selectReturns(db: Reader) {
  return db
    .selectFrom("returns as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .innerJoin("organizations as g", "g.id", "r.org_id")
    .selectAll("r")
    .select(["o.ref as order_ref", "g.ref as customer_ref", "g.name as customer_name"]);
}
export type ReturnRow = Awaited<ReturnType<ReturnType<typeof selectReturns>["execute"]>>[number];

/** The invoiced unit price: net price plus ecotax, in cents. */
function invoicedUnitPrice(line: Pick<LineRow, "unit_price" | "unit_ecotax">): number {
  return line.unit_price + line.unit_ecotax;
}

/** What the lines are worth: the received units once received, the units asked before. */
export function returnAmountHt(lines: readonly Pick<LineRow, "qty" | "received" | "unit_price" | "unit_ecotax">[]): number {
  return lines.reduce((sum, line) => sum + (line.received ?? line.qty) * invoicedUnitPrice(line), 0);
}

async function linesOf(db: Reader, ids: readonly number[]): Promise<Map<number, LineRow[]>> {
  const byReturn = new Map<number, LineRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byReturn;
  const rows = await db
    .selectFrom("return_lines")
    .selectAll()
    .where("return_id", "in", [...ids])
    .orderBy("return_id")
    .orderBy("position")
    .execute();
  for (const row of rows) byReturn.get(row.return_id)?.push(row);
  return byReturn;
}

function summaryView(row: ReturnRow, lines: readonly LineRow[], options: ReturnViewOptions): ReturnSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    order_id: row.order_id,
    order_ref: row.order_ref,
    requested_at: row.requested_at.toISOString(),
    requested_by: row.requested_by_name,
    reason: row.reason,
    resolution: row.resolution,
    units: lines.reduce((sum, line) => sum + line.qty, 0),
    amount_ht: options.prices ? returnAmountHt(lines) : null,
    updated_at: row.updated_at.toISOString(),
  };
}

function lineView(row: LineRow, options: ReturnViewOptions): ReturnLine {
  return {
    position: row.position,
    obj_ref: row.obj_ref,
    title: row.title,
    customer_code: row.customer_code,
    qty: row.qty,
    received: row.received,
    unit_price: options.prices ? invoicedUnitPrice(row) : null,
  };
}

/** Summaries of the given rows (a page of a list), their lines read in one query. */
export async function summariesOf(db: Reader, rows: readonly ReturnRow[], options: ReturnViewOptions): Promise<ReturnSummary[]> {
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryView(row, lines.get(row.id) ?? [], options));
}

/** The fee of the reason: the one the credit note applied, else the distributor's current one. */
async function restockingFeeOf(db: Reader, row: ReturnRow): Promise<number> {
  if (row.restocking_fee_pct !== null) return row.restocking_fee_pct;
  const settings = await db.selectFrom("return_settings").select("restocking_fee_pct").where("id", "=", 1).executeTakeFirst();
  const fees: Partial<Record<ReturnReason, number>> = settings?.restocking_fee_pct ?? {};
  return fees[row.reason] ?? 0;
}

async function detailOf(db: Reader, row: ReturnRow, options: ReturnViewOptions): Promise<ReturnDetail> {
  const lines = (await linesOf(db, [row.id])).get(row.id) ?? [];
  const photos = await db
    .selectFrom("return_photos")
    .select(["id", "file_name", "mime", "size"])
    .where("return_id", "=", row.id)
    .orderBy("id")
    .execute();
  const events = await db
    .selectFrom("return_events")
    .select(["kind", "at", "author", "note"])
    .where("return_id", "=", row.id)
    .orderBy("at")
    .orderBy("id")
    .execute();
  const creditNotes = await db
    .selectFrom("invoices")
    .select(["id", "number", "total_ttc"])
    .where("return_id", "=", row.id)
    .orderBy("issued_at")
    .orderBy("id")
    .execute();
  return {
    ...summaryView(row, lines, options),
    comment: row.comment,
    lines: lines.map((line) => lineView(line, options)),
    photos: photos.map((photo): ReturnPhoto => ({ id: photo.id, file_name: photo.file_name, mime: photo.mime, size: photo.size })),
    steps: events.map((event): ReturnStep => ({ kind: event.kind, at: event.at.toISOString(), author: event.author, note: event.note })),
    refusal: row.refusal,
    restocking_fee_pct: options.prices ? await restockingFeeOf(db, row) : null,
    credit_notes: creditNotes.map((note) => ({
      invoice_id: note.id,
      number: note.number,
      total_ttc: options.prices ? note.total_ttc : null,
    })),
    exchange:
      row.exchange_carrier !== null && row.exchange_shipped_at !== null
        ? {
            carrier: row.exchange_carrier,
            tracking_number: row.exchange_tracking_number,
            tracking_url: row.exchange_tracking_url,
            shipped_at: row.exchange_shipped_at.toISOString(),
          }
        : null,
    slip_available: SLIP_STATUSES.includes(row.status),
    can_withdraw: row.status === "demandé",
  };
}

/** One of the organization's returns by its number; undefined when it is not one of them (404). */
export async function loadReturn(
  db: Reader,
  where: { orgId: number; number: string },
  options: ReturnViewOptions,
): Promise<ReturnDetail | undefined> {
  const row = await selectReturns(db).where("r.org_id", "=", where.orgId).where("r.number", "=", where.number).executeTakeFirst();
  return row ? detailOf(db, row, options) : undefined;
}

/** One return by its id (just written by the caller), as the customer sees it. */
export async function loadReturnById(db: Reader, id: number, options: ReturnViewOptions): Promise<ReturnDetail> {
  const row = await selectReturns(db).where("r.id", "=", id).executeTakeFirstOrThrow();
  return detailOf(db, row, options);
}

/** One return as the distributor's systems read it: its customer, every amount. */
export async function loadServiceReturn(db: Reader, number: string): Promise<ServiceReturnDetail | undefined> {
  const row = await selectReturns(db).where("r.number", "=", number).executeTakeFirst();
  if (!row) return undefined;
  const detail = await detailOf(db, row, { prices: true });
  return { ...detail, customer: { org_id: row.org_id, ref: row.customer_ref, name: row.customer_name } };
}

export interface ReturnListFilter {
  /** One organization's returns; undefined: every organization's (the distributor's list). */
  orgId?: number;
  /** An organization by its reference (the distributor's list). */
  orgRef?: string;
  status?: ReturnStatus;
  orderId?: number;
}

/** A page of returns, newest request first, with the total matching the filter. */
export async function listReturns(
  db: Reader,
  filter: ReturnListFilter,
  paging: { page: number; size: number },
  options: ReturnViewOptions,
): Promise<{ rows: ReturnRow[]; items: ReturnSummary[]; total: number }> {
  let query = selectReturns(db);
  if (filter.orgId !== undefined) query = query.where("r.org_id", "=", filter.orgId);
  if (filter.orgRef !== undefined) query = query.where("g.ref", "=", filter.orgRef);
  if (filter.status !== undefined) query = query.where("r.status", "=", filter.status);
  if (filter.orderId !== undefined) query = query.where("r.order_id", "=", filter.orderId);
  const counted = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy("r.requested_at", "desc")
    .orderBy("r.id", "desc")
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size)
    .execute();
  return { rows, items: await summariesOf(db, rows, options), total: Number(counted.total) };
}
