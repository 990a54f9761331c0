import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { uniqueSlug } from "../slugs";
import { checkCategoryTree, type CategoryLine, type StoredCategory } from "./category-tree";
import { CATEGORY_COLUMNS } from "./columns";
import { text, type Feed } from "./plan";

/**
 * The `categories` feed: upserted by the ERP's reference, the parent named by its reference
 * (in the file or already imported), six levels at most. A category moved elsewhere takes its
 * subtree along: the levels of every category below it are rewritten too. The slug is made
 * once, at creation, so the portal's links survive a renaming.
 */
export const categoriesFeed: Feed = {
  columns: CATEGORY_COLUMNS,
  async plan(trx, records) {
    const rows = await trx.selectFrom("categories").select(["id", "slug", "title", "parent_id", "level", "erp_ref"]).execute();
    const keyOf = new Map(rows.map((row) => [row.id, row.erp_ref ?? `#${row.id}`]));
    const stored: StoredCategory[] = rows.map((row) => ({
      key: keyOf.get(row.id) ?? "",
      parentKey: row.parent_id === null ? null : (keyOf.get(row.parent_id) ?? null),
    }));
    const lines: CategoryLine[] = records.map((record) => ({
      line: record.line,
      reference: text(record, "reference") ?? "",
      title: text(record, "title") ?? "",
      parentReference: text(record, "parent_reference"),
    }));
    const { accepted, issues, levels } = checkCategoryTree(lines, stored);
    const byKey = new Map(rows.map((row) => [keyOf.get(row.id) ?? "", row]));
    const counts = { created: 0, updated: 0, unchanged: 0 };
    for (const line of accepted) {
      const row = byKey.get(line.reference);
      if (!row) counts.created++;
      else if (row.title === line.title && (row.parent_id === null ? null : keyOf.get(row.parent_id)) === line.parentReference)
        counts.unchanged++;
      else counts.updated++;
    }
    return { issues, counts, write: () => writeCategories(trx, accepted, levels, rows, keyOf) };
  },
};

type StoredRow = { id: number; slug: string; title: string; parent_id: number | null; level: number; erp_ref: string | null };

async function writeCategories(
  trx: Kysely<Database>,
  accepted: readonly CategoryLine[],
  levels: Map<string, number>,
  rows: readonly StoredRow[],
  keyOf: Map<number, string>,
): Promise<void> {
  const idOf = new Map(rows.map((row) => [keyOf.get(row.id) ?? "", row.id]));
  const byKey = new Map(rows.map((row) => [keyOf.get(row.id) ?? "", row]));
  const slugs = new Set(rows.map((row) => row.slug));
  const level = (key: string) => levels.get(key) ?? 1;
  // Parents first: a new category's parent has its id by the time the child is written.
  const ordered = [...accepted].sort((a, b) => level(a.reference) - level(b.reference));
  for (const line of ordered) {
    const parentId = line.parentReference === null ? null : (idOf.get(line.parentReference) ?? null);
    const row = byKey.get(line.reference);
    if (!row) {
      const created = await trx
        .insertInto("categories")
        .values({
          slug: uniqueSlug(line.title, line.reference, slugs),
          title: line.title,
          parent_id: parentId,
          level: level(line.reference),
          erp_ref: line.reference,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      idOf.set(line.reference, created.id);
    } else if (row.title !== line.title || row.parent_id !== parentId || row.level !== level(line.reference)) {
      await trx
        .updateTable("categories")
        .set({ title: line.title, parent_id: parentId, level: level(line.reference) })
        .where("id", "=", row.id)
        .execute();
    }
  }
  // The subtrees of moved categories: their levels follow.
  const written = new Set(accepted.map((line) => line.reference));
  for (const row of rows) {
    const key = keyOf.get(row.id) ?? "";
    if (!written.has(key) && levels.has(key) && levels.get(key) !== row.level) {
      await trx
        .updateTable("categories")
        .set({ level: level(key) })
        .where("id", "=", row.id)
        .execute();
    }
  }
}
