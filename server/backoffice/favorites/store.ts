import type { Kysely } from "kysely";
import { MAX_FAVORITES } from "@shared/contracts/favorites";
import { ApiFailure } from "../http/errors";
import type { FavoritesDatabase } from "./schema";

export interface FavoriteOwner {
  userId: number;
  orgId: number;
}

/** The owner's favourite product ids, most recent first. */
export async function favoriteIds(db: Kysely<FavoritesDatabase>, owner: FavoriteOwner): Promise<number[]> {
  const rows = await db
    .selectFrom("favorites")
    .select("product_id")
    .where("user_id", "=", owner.userId)
    .where("org_id", "=", owner.orgId)
    .orderBy("created_at", "desc")
    .orderBy("product_id", "desc")
    .limit(MAX_FAVORITES)
    .execute();
  return rows.map((row) => row.product_id);
}

/**
 * Adds a favourite; adding it again changes nothing (idempotent, so a double click or a
 * replayed form is harmless). Shipping lines are not products one can favour.
 */
export async function addFavorite(db: Kysely<FavoritesDatabase>, owner: FavoriteOwner, productId: number): Promise<void> {
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).where("is_port", "=", false).executeTakeFirst();
  if (!product) throw new ApiFailure(404, "unknown_product", "Produit introuvable.");
  const count = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", owner.userId)
    .where("product_id", "<>", productId)
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= MAX_FAVORITES) {
    throw new ApiFailure(422, "too_many_favorites", `Vous avez atteint le maximum de ${MAX_FAVORITES} favoris.`);
  }
  await db
    .insertInto("favorites")
    .values({ org_id: owner.orgId, user_id: owner.userId, product_id: productId })
    .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
    .execute();
}

/** Removes a favourite; removing one that is not there is not an error (idempotent). */
export async function removeFavorite(db: Kysely<FavoritesDatabase>, owner: FavoriteOwner, productId: number): Promise<void> {
  await db
    .deleteFrom("favorites")
    .where("user_id", "=", owner.userId)
    .where("org_id", "=", owner.orgId)
    .where("product_id", "=", productId)
    .execute();
}
