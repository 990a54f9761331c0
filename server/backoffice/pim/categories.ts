import type { Kysely } from "kysely";
import type { Category } from "@shared/contracts/entities";
import type { Database } from "../db/schema";

/** The whole category tree (at most 6 levels), children in their display order. */
export async function loadCategoryTree(db: Kysely<Database>): Promise<Category[]> {
  const rows = await db
    .selectFrom("categories")
    .select(["id", "slug", "title", "parent_id"])
    .orderBy("level")
    .orderBy("position")
    .orderBy("title")
    .execute();
  const byId = new Map<number, Category>();
  const roots: Category[] = [];
  for (const row of rows) {
    const node: Category = { obj_id: row.id, obj_slug: row.slug, obj_title: row.title, obj_parent_id: row.parent_id, obj_childs: [] };
    byId.set(row.id, node);
    const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
    (parent ? parent.obj_childs : roots).push(node);
  }
  return roots;
}
