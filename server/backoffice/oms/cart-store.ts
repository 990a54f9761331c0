import { sql, type Kysely, type Transaction } from "kysely";
import type { CartToSave, SavedCart } from "@shared/contracts/api";
import type { Cart } from "@shared/contracts/entities";
import { emptyCart, leanCart, readStoredCart } from "@shared/domain/index";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import type { CartRebuild } from "./cart-rebuild";
import { dropLocksOutsideCart } from "./quote-locks";

/**
 * The saved cart of an organization, rebuilt for display from what is stored (lean lines:
 * decision 0094); an organization that never saved has an empty one, version 0.
 */
export async function readCart(db: Kysely<Database>, orgId: number, rebuild: CartRebuild): Promise<SavedCart> {
  const row = await db.selectFrom("carts").select(["data", "version"]).where("org_id", "=", orgId).executeTakeFirst();
  return { cart: await rebuild(row ? readStoredCart(row.data) : emptyCart()), version: row?.version ?? 0 };
}

/** What is written to the carts table: the lean form, a few KB for hundreds of lines. */
function storedJson(cart: Cart): string {
  return JSON.stringify(leanCart(cart));
}

/** The stored version alone: what a revalidation (If-None-Match) compares, without the lines. */
export async function readCartVersion(db: Kysely<Database>, orgId: number): Promise<number> {
  const row = await db.selectFrom("carts").select("version").where("org_id", "=", orgId).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * The entity tag of an organization's cart: its version names its content, so a client that
 * holds that version may keep it (docs/decisions/0085-cart-revalidation.md), for the day only
 * (France): prices change by the day (a promotion ends, a quote's price lock expires), so a
 * client revalidates the next day's prices once instead of showing yesterday's until a change.
 * `revisions` names the catalogue and the prices the lines were priced from
 * (CatalogueReadModel.revisionTag): after an import of prices or products, the next read shows them.
 */
export function cartEtag(orgId: number, version: number, day: string, revisions: string): string {
  return `"cart-${orgId}-${version}-${day}-${revisions}"`;
}

/** If-None-Match (RFC 9110 §13.1.2: weak comparison, a list, or "*") against the current tag. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * Locks the organization's cart row for the rest of the transaction (creating it at version 0
 * the first time), so that concurrent saves and confirmations of one cart run one after another.
 * Returns the locked version only: a conflict shows the cart once the transaction is over
 * (StaleCartVersion), since rebuilding it may read stock outside the transaction.
 */
export async function lockCartVersion(trx: Transaction<Database>, orgId: number): Promise<number> {
  const lockRow = () => trx.selectFrom("carts").select("version").where("org_id", "=", orgId).forUpdate().executeTakeFirst();
  // The row exists after the first save: one statement in the usual case.
  const existing = await lockRow();
  if (existing) return existing.version;
  await trx
    .insertInto("carts")
    .values({ org_id: orgId, version: 0, data: storedJson(emptyCart()) })
    .onConflict((oc) => oc.column("org_id").doNothing())
    .execute();
  const created = await lockRow();
  if (!created) throw new Error(`cart of organization ${orgId} vanished after its creation`);
  return created.version;
}

/** The 409 answer of a change made on an older version: it carries the current cart. */
function cartConflict(current: SavedCart): ApiFailure {
  return new ApiFailure(409, "cart_conflict", "Le panier a été modifié entre-temps : appliquez votre changement au panier actuel.", {
    cart: current.cart,
    version: current.version,
  });
}

/** A change made on an older version, found inside a transaction: answered 409 after it (cartConflictNow). */
export class StaleCartVersion extends Error {
  constructor() {
    super("stale cart version");
  }
}

/** The 409 answer with the organization's current cart, read now. */
export async function cartConflictNow(db: Kysely<Database>, orgId: number, rebuild: CartRebuild): Promise<ApiFailure> {
  return cartConflict(await readCart(db, orgId, rebuild));
}

/** A saved cart as the JSON answer, serialised once. */
export interface SavedCartJson {
  version: number;
  json: string;
}

function savedJson(cartJson: string, version: number): SavedCartJson {
  return { version, json: `{"cart":${cartJson},"version":${version}}` };
}

/**
 * Saves the cart as version `sentVersion + 1` in ONE statement, only if the stored version is
 * still `sentVersion` (compare-and-set: concurrent saves of one cart cannot both win); a first
 * save inserts the row. Otherwise 409 with the current cart, as assertCurrentVersion says.
 * A product removed by the save loses its quote price lock (quote-locks.ts).
 */
export async function saveCartVersion(
  db: Kysely<Database>,
  orgId: number,
  sentVersion: number,
  cart: Cart,
  userId: number,
  now: Date,
  rebuild: CartRebuild,
): Promise<SavedCartJson> {
  const values = {
    data: storedJson(cart),
    version: sentVersion + 1,
    line_count: cart.products.filter((line) => !line.prd_is_port).length,
    updated_at: now,
    updated_by: userId,
  };
  const updated = await db
    .updateTable("carts")
    .set(values)
    .where("org_id", "=", orgId)
    .where("version", "=", sentVersion)
    .returning("version")
    .executeTakeFirst();
  const productIds = cart.products.filter((line) => !line.prd_is_port).map((line) => line.obj_id);
  if (updated) {
    await dropLocksOutsideCart(db, orgId, updated.version, productIds);
    return savedJson(JSON.stringify(cart), updated.version);
  }
  if (sentVersion === 0) {
    const inserted = await db
      .insertInto("carts")
      .values({ org_id: orgId, ...values })
      .onConflict((oc) => oc.column("org_id").doNothing())
      .returning("version")
      .executeTakeFirst();
    if (inserted) {
      await dropLocksOutsideCart(db, orgId, inserted.version, productIds);
      return savedJson(JSON.stringify(cart), inserted.version);
    }
  }
  // Whatever the version read now (even the one sent, after a race between the two
  // statements), this save did not happen: never overwrite silently, answer the current cart.
  throw await cartConflictNow(db, orgId, rebuild);
}

export async function storeCart(trx: Transaction<Database>, orgId: number, saved: SavedCart, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable("carts")
    .set({
      data: storedJson(saved.cart),
      version: saved.version,
      line_count: saved.cart.products.filter((line) => !line.prd_is_port).length,
      updated_at: now,
      updated_by: userId,
    })
    .where("org_id", "=", orgId)
    .execute();
}

/**
 * Writes a stored (lean) cart as `version`, in the caller's transaction, the cart row being
 * locked by lockCartVersion: the quote acceptance adds lines this way (quotes/accept.ts).
 */
export async function storeLeanCart(
  trx: Transaction<Database>,
  orgId: number,
  cart: CartToSave,
  version: number,
  userId: number,
  now: Date,
): Promise<void> {
  const products = cart.products.filter((line) => !line.prd_is_port);
  await trx
    .updateTable("carts")
    .set({ data: JSON.stringify({ ...cart, products }), version, line_count: products.length, updated_at: now, updated_by: userId })
    .where("org_id", "=", orgId)
    .execute();
}

export const nextOrderNumber = sql<string>`'CMD-' || lpad(nextval('order_number_seq')::text, 6, '0')`;
