import { sql, type Kysely, type Transaction } from "kysely";
import type { PartNumber, PartNumberListResponse } from "@shared/contracts/part-numbers";
import { ownCodeKey } from "@shared/domain/references";
import type { Database } from "../db/schema";
import { ApiFailure } from "../http/errors";
import type { CodePlan, ExistingCode } from "./plan";

/**
 * The organization's own codes (docs/part-numbers.md, decision 0195): one per product, unique
 * within the organization by its key (ownCodeKey), so a code finds one product.
 */

type Reader = Kysely<Database> | Transaction<Database>;

export const PART_NUMBERS_PAGE_SIZE = 50;

/** Product id → code, for those of the products that have one. */
export async function codesOf(db: Reader, orgId: number, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("part_numbers")
    .select(["product_id", "code"])
    .where("org_id", "=", orgId)
    .where("product_id", "in", [...new Set(productIds)])
    .execute();
  return new Map(rows.map((row) => [row.product_id, row.code]));
}

/** The product whose own code this is, typed any way (one look-up on the (org_id, code_key) key). */
export async function productOfCode(db: Reader, orgId: number, typed: string): Promise<{ product_id: number; code: string } | undefined> {
  const key = ownCodeKey(typed);
  if (key === "") return undefined;
  return db
    .selectFrom("part_numbers")
    .select(["product_id", "code"])
    .where("org_id", "=", orgId)
    .where("code_key", "=", key)
    .executeTakeFirst();
}

/** Key → product id, for the typed codes that are the organization's. */
export async function productsOfCodes(db: Reader, orgId: number, typed: readonly string[]): Promise<Map<string, number>> {
  const keys = [...new Set(typed.map(ownCodeKey).filter((key) => key !== ""))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom("part_numbers")
    .select(["code_key", "product_id"])
    .where("org_id", "=", orgId)
    .where("code_key", "in", keys)
    .execute();
  return new Map(rows.map((row) => [row.code_key, row.product_id]));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The codes, by code, searched in the code, the reference and the title (accents and case ignored). */
export async function listCodes(db: Reader, orgId: number, query: { q?: string; page: number }): Promise<PartNumberListResponse> {
  let base = db.selectFrom("part_numbers as n").innerJoin("products as p", "p.id", "n.product_id").where("n.org_id", "=", orgId);
  const q = query.q?.trim() ?? "";
  if (q !== "") {
    const like = `%${escapeLike(q)}%`;
    base = base.where((eb) =>
      eb.or([
        eb("n.code", "ilike", like),
        eb("n.code_key", "like", `%${escapeLike(ownCodeKey(q))}%`),
        eb("p.ref", "ilike", like),
        eb(sql`f_unaccent(p.title)`, "ilike", sql`f_unaccent(${like})`),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirst(),
    base
      .select(["n.product_id", "p.ref", "p.title", "n.code"])
      .orderBy("n.code_key")
      .orderBy("n.product_id")
      .limit(PART_NUMBERS_PAGE_SIZE)
      .offset((query.page - 1) * PART_NUMBERS_PAGE_SIZE)
      .execute(),
  ]);
  return { items: rows, total: count?.total ?? 0, page: query.page, size: PART_NUMBERS_PAGE_SIZE };
}

export async function existingCodes(db: Reader, orgId: number): Promise<ExistingCode[]> {
  return db
    .selectFrom("part_numbers as n")
    .innerJoin("products as p", "p.id", "n.product_id")
    .select(["n.product_id", "n.code_key", "p.ref"])
    .where("n.org_id", "=", orgId)
    .execute();
}

/** Another writer took the key between the check and the write: said as the check would. */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

const raced = () => new ApiFailure(409, "code_taken", "Ce code vient d'être donné à un autre produit : rechargez la page et réessayez.");

/** Sets a product's code (replacing its previous one); a code another product already has is a 409. */
export async function setCode(
  db: Kysely<Database>,
  orgId: number,
  product: { id: number; ref: string; title: string },
  code: string,
  author: string,
  now: Date,
): Promise<PartNumber> {
  const key = ownCodeKey(code);
  const holder = await db
    .selectFrom("part_numbers as n")
    .innerJoin("products as p", "p.id", "n.product_id")
    .select(["p.ref"])
    .where("n.org_id", "=", orgId)
    .where("n.code_key", "=", key)
    .where("n.product_id", "<>", product.id)
    .executeTakeFirst();
  if (holder) throw new ApiFailure(409, "code_taken", `Le code ${code} est déjà celui de la référence ${holder.ref}.`);
  try {
    await db
      .insertInto("part_numbers")
      .values({ org_id: orgId, product_id: product.id, code, code_key: key, updated_at: now, updated_by: author })
      .onConflict((oc) => oc.columns(["org_id", "product_id"]).doUpdateSet({ code, code_key: key, updated_at: now, updated_by: author }))
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw raced();
    throw error;
  }
  return { product_id: product.id, ref: product.ref, title: product.title, code };
}

export async function removeCode(db: Kysely<Database>, orgId: number, productId: number): Promise<void> {
  await db.deleteFrom("part_numbers").where("org_id", "=", orgId).where("product_id", "=", productId).execute();
}

/** Writes a plan (plan.ts) in one transaction: the products' old codes go first, so codes may move between products. */
export async function applyPlan(db: Kysely<Database>, orgId: number, plan: CodePlan, author: string, now: Date): Promise<void> {
  const touched = [...new Set([...plan.writes.map((write) => write.product_id), ...plan.removals])];
  if (touched.length === 0) return;
  try {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("part_numbers").where("org_id", "=", orgId).where("product_id", "in", touched).execute();
      for (let start = 0; start < plan.writes.length; start += 1000) {
        await trx
          .insertInto("part_numbers")
          .values(plan.writes.slice(start, start + 1000).map((write) => ({ org_id: orgId, ...write, updated_at: now, updated_by: author })))
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw raced();
    throw error;
  }
}
