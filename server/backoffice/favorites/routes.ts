import { Router } from "express";
import { usrQuery } from "@shared/contracts/api";
import { favoriteListQuery, type FavoriteState } from "@shared/contracts/favorites";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { assertActingOrg, hasFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { parisDate } from "@shared/domain/index";
import { toProductSummary } from "../pim/product-view";
import { withoutHiddenPriceFilters } from "../pim/routes";
import { listFavorites } from "./listing";
import { withFavorites } from "./schema";
import { addFavorite, favoriteIds, removeFavorite, type FavoriteOwner } from "./store";

/** The caller's own favourites: usr_id must be the acting organization, as everywhere in pim. */
function ownerOf(session: Session, rawQuery: unknown): FavoriteOwner {
  const query = parseInput(usrQuery, rawQuery);
  return { userId: session.user.id, orgId: assertActingOrg(session, query.usr_id) };
}

function productIdOf(raw: string | undefined): number {
  const id = parseIdParam(raw);
  if (id === null) throw new ApiFailure(404, "unknown_product", "Produit introuvable.");
  return id;
}

/** GET/POST/DELETE /api/pim/favorites…, mounted under the authenticated /pim prefix. */
export function favoritesRouter(deps: ServiceDeps): Router {
  const db = withFavorites(deps.db);
  const router = Router();

  router.get(
    "/favorites",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const showPrices = hasFlag(session, "prices");
      const query = withoutHiddenPriceFilters(parseInput(favoriteListQuery, req.query), showPrices);
      const owner = { userId: session.user.id, orgId: assertActingOrg(session, query.usr_id) };
      const { rows, total, brands } = await listFavorites(db, owner, parisDate(deps.now()), query, showPrices);
      const items = rows.map((row) => toProductSummary(row, showPrices));
      res.json({ items, total, page: query.page, per_page: query.per_page, ...(brands ? { brands } : {}) });
    }),
  );

  router.get(
    "/favorites/ids",
    asyncHandler(async (req, res) => {
      res.json(await favoriteIds(db, ownerOf(sessionOf(res), req.query)));
    }),
  );

  router.post(
    "/favorites/:productId",
    asyncHandler(async (req, res) => {
      const productId = productIdOf(req.params.productId);
      await addFavorite(db, ownerOf(sessionOf(res), req.query), productId);
      res.json({ product_id: productId, favorite: true } satisfies FavoriteState);
    }),
  );

  router.delete(
    "/favorites/:productId",
    asyncHandler(async (req, res) => {
      const productId = productIdOf(req.params.productId);
      await removeFavorite(db, ownerOf(sessionOf(res), req.query), productId);
      res.json({ product_id: productId, favorite: false } satisfies FavoriteState);
    }),
  );

  return router;
}
