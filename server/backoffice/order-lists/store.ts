import type { Kysely, Transaction } from "kysely";
import { MAX_LIST_LINES, MAX_ORDER_LISTS, type ListLineInput } from "@shared/contracts/order-lists";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import type { ListActor } from "./access";
import { mergeLines, type StoredLine } from "./lines";

/**
 * The lists' writes (docs/order-lists.md). A change of lines locks the list's row, reads its
 * lines, merges and writes them all back in one transaction: two colleagues adding at once both
 * count. Products are checked first (they exist and are not shipping lines).
 */

type Writer = Transaction<Database>;

const tooManyLines = () =>
  new ApiFailure(422, "too_many_lines", `Une liste compte au plus ${MAX_LIST_LINES} lignes : retirez-en avant d'en ajouter d'autres.`);

/** Every product of the lines exists and is not a shipping line; else a 422 naming the first one. */
export async function checkProducts(db: Kysely<Database> | Writer, lines: readonly ListLineInput[]): Promise<void> {
  const ids = [...new Set(lines.map((line) => line.product_id))];
  if (ids.length === 0) return;
  const rows = await db.selectFrom("products").select(["id", "ref", "is_port"]).where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw new ApiFailure(422, "unknown_product", `Produit introuvable (n° ${id}) : il ne peut pas entrer dans une liste.`);
    if (row.is_port) throw new ApiFailure(422, "shipping_product", `${row.ref} est un frais de port : il ne s'ajoute pas à une liste.`);
  }
}

async function writeLines(trx: Writer, listId: number, lines: readonly StoredLine[], now: Date): Promise<void> {
  await trx.deleteFrom("order_list_lines").where("list_id", "=", listId).execute();
  if (lines.length > 0) {
    await trx
      .insertInto("order_list_lines")
      .values(lines.map((line, position) => ({ list_id: listId, product_id: line.product_id, position, qty: line.qty, note: line.note })))
      .execute();
  }
  await trx.updateTable("order_lists").set({ updated_at: now }).where("id", "=", listId).execute();
}

async function lockedLines(trx: Writer, listId: number): Promise<StoredLine[]> {
  await trx.selectFrom("order_lists").select("id").where("id", "=", listId).forUpdate().executeTakeFirstOrThrow();
  return trx
    .selectFrom("order_list_lines")
    .select(["product_id", "qty", "note"])
    .where("list_id", "=", listId)
    .orderBy("position")
    .execute();
}

export async function createList(
  db: Kysely<Database>,
  actor: ListActor,
  input: { name: string; shared: boolean; lines: ListLineInput[] },
  now: Date,
): Promise<number> {
  await checkProducts(db, input.lines);
  const merged = mergeLines([], input.lines);
  if (merged.overflow.length > 0) throw tooManyLines();
  return db.transaction().execute(async (trx) => {
    const count = await trx
      .selectFrom("order_lists")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("org_id", "=", actor.org.id)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_ORDER_LISTS) {
      throw new ApiFailure(
        422,
        "too_many_lists",
        `Votre organisation a atteint le maximum de ${MAX_ORDER_LISTS} listes : supprimez-en une avant d'en créer une autre.`,
      );
    }
    const { id } = await trx
      .insertInto("order_lists")
      .values({
        org_id: actor.org.id,
        owner_id: actor.user.id,
        owner_name: actor.name,
        name: input.name,
        shared: input.shared,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeLines(trx, id, merged.lines, now);
    return id;
  });
}

export async function updateList(db: Kysely<Database>, id: number, change: { name?: string; shared?: boolean }, now: Date): Promise<void> {
  await db
    .updateTable("order_lists")
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.shared === undefined ? {} : { shared: change.shared }),
      updated_at: now,
    })
    .where("id", "=", id)
    .execute();
}

/** Refused (409) while a replenishment schedule orders from it: the schedule would lose its list. */
export async function deleteList(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("order_lists").select("id").where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
    const schedule = await trx
      .selectFrom("replenishment_schedules")
      .select("name")
      .where("list_id", "=", id)
      .orderBy("id")
      .executeTakeFirst();
    if (schedule) {
      throw new ApiFailure(
        409,
        "list_in_use",
        `Cette liste est utilisée par la commande programmée « ${schedule.name} » : supprimez cette commande programmée ou choisissez-lui une autre liste avant de supprimer la liste.`,
      );
    }
    await trx.deleteFrom("order_lists").where("id", "=", id).execute();
  });
}

/** The list's page saves all its lines at once: these become the lines (a product given twice counts once, quantities added). */
export async function replaceLines(db: Kysely<Database>, id: number, lines: ListLineInput[], now: Date): Promise<void> {
  await checkProducts(db, lines);
  const merged = mergeLines([], lines);
  if (merged.overflow.length > 0) throw tooManyLines();
  await db.transaction().execute(async (trx) => {
    await lockedLines(trx, id);
    await writeLines(trx, id, merged.lines, now);
  });
}

/**
 * Adds lines merged by product. `partial`: the lines that find no room are answered (an
 * import refuses them one by one); otherwise one that does not fit refuses them all.
 */
export async function addLines(
  db: Kysely<Database>,
  id: number,
  lines: ListLineInput[],
  now: Date,
  { partial = false }: { partial?: boolean } = {},
): Promise<number[]> {
  await checkProducts(db, lines);
  return db.transaction().execute(async (trx) => {
    const merged = mergeLines(await lockedLines(trx, id), lines);
    if (merged.overflow.length > 0 && !partial) throw tooManyLines();
    if (merged.overflow.length < lines.length) await writeLines(trx, id, merged.lines, now);
    return merged.overflow;
  });
}
