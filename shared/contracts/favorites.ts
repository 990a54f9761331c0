import { z } from "zod";
import { productListQuery, productListResponse } from "./api";

/**
 * The favourites of a user, stored by the back-office (one row per user and product).
 * GET /api/pim/favorites lists them with the catalogue's list features; GET
 * /api/pim/favorites/ids gives the ids alone (to show the toggles of a product list);
 * POST and DELETE /api/pim/favorites/:product_id add and remove one.
 */

/** Same filters, sorting and paging as a product list, without the category. */
export const favoriteListQuery = productListQuery.omit({ category: true }).strict();
export type FavoriteListQuery = z.infer<typeof favoriteListQuery>;
export const favoriteListResponse = productListResponse;

/** The user's favourite product ids, most recent first (at most MAX_FAVORITES). */
export const favoriteIdsResponse = z.array(z.number().int().positive());

/** Answer of an add or a remove: the state after the call (both are idempotent). */
export const favoriteStateResponse = z.object({ product_id: z.number().int().positive(), favorite: z.boolean() }).strict();
export type FavoriteState = z.infer<typeof favoriteStateResponse>;

/** A bound that keeps the ids answer and the toggles' lookups small. */
export const MAX_FAVORITES = 500;
