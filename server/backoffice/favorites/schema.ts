import type { Generated, Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The favorites table of migrations/0002_favorites.ts, as Kysely sees it. */
export interface FavoritesTable {
  org_id: number;
  user_id: number;
  product_id: number;
  created_at: Generated<Date>;
}

export type FavoritesDatabase = Database & { favorites: FavoritesTable };

/** The core database seen with the favorites table (the core schema type stays untouched). */
export function withFavorites(db: Kysely<Database>): Kysely<FavoritesDatabase> {
  return db.withTables<{ favorites: FavoritesTable }>();
}
