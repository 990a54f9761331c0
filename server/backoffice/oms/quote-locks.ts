import { sql, type Kysely, type Transaction } from "kysely";
import type { CartLine } from "@shared/contracts/entities";
import type { Database } from "../db/schema";

/**
 * The price locks of lines accepted from a quote (docs/quotes.md): one row per organization
 * and product, written by the acceptance with the quote's unit price and validity date. Every
 * repricing of the cart (a save, a read, the confirmation) reads them here, so the quoted
 * price comes from the back-office only: a browser never sends a price. A lock past its date
 * is removed by the repricing that finds it, and that one answer carries the notice.
 */

export interface QuoteLock {
  obj_id: number;
  quo_id: number;
  number: string;
  unit_price: number;
  valid_until: string;
}

export interface QuoteLocks {
  /** Locks in force today, by product. */
  valid: Map<number, QuoteLock>;
  /** Locks found past their date and removed now, by product. */
  expired: Map<number, QuoteLock>;
}

const NO_LOCKS: QuoteLocks = { valid: new Map(), expired: new Map() };

/**
 * The organization's locks for these products on `today` (France): the expired ones are
 * deleted in the same statement that reports them, so that exactly one answer tells of each.
 * `db` is the transaction's handle when called inside one.
 */
export async function takeQuoteLocks(
  db: Kysely<Database>,
  orgId: number,
  today: string,
  productIds: readonly number[],
): Promise<QuoteLocks> {
  if (productIds.length === 0) return NO_LOCKS;
  const ids = [...new Set(productIds)];
  const columns = ["obj_id", "quo_id", "number", "unit_price", "valid_until"] as const;
  const [expired, valid] = await Promise.all([
    db
      .deleteFrom("quote_cart_locks")
      .where("org_id", "=", orgId)
      .where("obj_id", "in", ids)
      .where("valid_until", "<", today)
      .returning([...columns])
      .execute(),
    db
      .selectFrom("quote_cart_locks")
      .select([...columns])
      .where("org_id", "=", orgId)
      .where("obj_id", "in", ids)
      .where("valid_until", ">=", today)
      .execute(),
  ]);
  return {
    valid: new Map(valid.map((lock) => [lock.obj_id, lock])),
    expired: new Map(expired.map((lock) => [lock.obj_id, lock])),
  };
}

/**
 * The product lines with the locks applied: a locked line is priced at the quote's unit
 * price whatever its quantity (net price = the quoted price, no promotion, no discount) and
 * says which quote; a line whose lock just expired keeps its usual price and carries the notice.
 */
export function withQuoteLocks(lines: readonly CartLine[], locks: QuoteLocks): CartLine[] {
  if (locks.valid.size === 0 && locks.expired.size === 0) return [...lines];
  return lines.map((line) => {
    if (line.prd_is_port) return line;
    const lock = locks.valid.get(line.obj_id);
    if (lock) {
      return {
        ...line,
        prc_price: lock.unit_price,
        prc_promo_price: null,
        prc_promo_name: null,
        prc_discount: 0,
        quote: { number: lock.number, unit_price: lock.unit_price, valid_until: lock.valid_until },
      };
    }
    const expired = locks.expired.get(line.obj_id);
    return expired ? { ...line, quote_expired: expired.number, quote_expired_on: expired.valid_until } : line;
  });
}

/**
 * After a save of version `version`: the locks of products no longer in the cart go (a line
 * removed loses its quoted price for good). Only while that version is still the stored one,
 * checked in the same statement: an acceptance committed in between (a newer version, with its
 * new lock) is never undone by an older save.
 */
export async function dropLocksOutsideCart(
  db: Kysely<Database>,
  orgId: number,
  version: number,
  productIds: readonly number[],
): Promise<void> {
  let query = db
    .deleteFrom("quote_cart_locks")
    .where("org_id", "=", orgId)
    .where(sql<boolean>`exists (select 1 from carts c where c.org_id = ${orgId} and c.version = ${version})`);
  if (productIds.length > 0) query = query.where("obj_id", "not in", [...new Set(productIds)]);
  await query.execute();
}

/** Sets (or replaces: the latest acceptance wins) the lock of each product, in the acceptance's transaction. */
export async function lockQuotedPrices(trx: Transaction<Database>, orgId: number, locks: readonly QuoteLock[], now: Date): Promise<void> {
  if (locks.length === 0) return;
  await trx
    .insertInto("quote_cart_locks")
    .values(locks.map((lock) => ({ org_id: orgId, ...lock, created_at: now })))
    .onConflict((oc) =>
      oc.columns(["org_id", "obj_id"]).doUpdateSet((eb) => ({
        quo_id: eb.ref("excluded.quo_id"),
        number: eb.ref("excluded.number"),
        unit_price: eb.ref("excluded.unit_price"),
        valid_until: eb.ref("excluded.valid_until"),
        created_at: eb.ref("excluded.created_at"),
      })),
    )
    .execute();
}

/** The confirmation empties the cart: its locks are consumed with it, in its transaction. */
export async function consumeLocks(trx: Transaction<Database>, orgId: number): Promise<void> {
  await trx.deleteFrom("quote_cart_locks").where("org_id", "=", orgId).execute();
}
