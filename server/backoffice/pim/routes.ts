import { Router } from "express";
import type { Kysely } from "kysely";
import { productDetailQuery, productListQuery, usrQuery } from "@shared/contracts/api";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { ApiFailure, forbidden } from "../http/errors";
import { assertActingOrg, hasFlag, requireFlag, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { withFavorites } from "../favorites/schema";
import { favoriteIds } from "../favorites/store";
import { parisDate } from "@shared/domain/index";
import { findProductByOwnCode, findProductDetail, isReferenceLookup, listProducts } from "./catalogue";
import { priceListQuery } from "@shared/contracts/price-list";
import { loadPriceList } from "./price-list";
import { toProductDetail, toProductSummary } from "./product-view";

type Family = "is_motor" | "is_antenna" | "is_tag" | "is_hazardous";

async function familyReferences(db: Kysely<Database>, family: Family): Promise<string[]> {
  const rows = await db.selectFrom("products").select("ref").where(family, "=", true).orderBy("ref").execute();
  return rows.map((row) => row.ref);
}

/**
 * An account that may not see prices may not list promotions either (it would learn which
 * products are on offer, its organization's own offers included): `promo` is ignored for it.
 */
export function withoutHiddenPriceFilters<Q extends { promo?: "1" }>(query: Q, showPrices: boolean): Q {
  return showPrices ? query : { ...query, promo: undefined };
}

export function pimRouter(deps: CatalogueServiceDeps): Router {
  const { db, now, catalogue, readModel } = deps;
  const favoritesDb = withFavorites(db);
  const router = Router();

  const families: Record<string, Family> = { motors: "is_motor", antennas: "is_antenna", tags: "is_tag", hazards: "is_hazardous" };
  for (const [path, family] of Object.entries(families)) {
    router.get(
      `/${path}`,
      asyncHandler(async (_req, res) => {
        res.json(await familyReferences(db, family));
      }),
    );
  }

  router.get(
    "/categories",
    asyncHandler(async (req, res) => {
      const query = parseInput(usrQuery, req.query);
      assertActingOrg(sessionOf(res), query.usr_id);
      res.json(await catalogue.categoryTree());
    }),
  );

  router.get(
    "/brands",
    asyncHandler(async (_req, res) => {
      res.json(await catalogue.brands());
    }),
  );

  router.get(
    "/products",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const showPrices = hasFlag(session, "prices");
      const query = withoutHiddenPriceFilters(parseInput(productListQuery, req.query), showPrices);
      const orgId = assertActingOrg(session, query.usr_id);
      // with_favorites: the page's favourite flags come with it, saving the portal a call per list
      // page. Unreadable favourites leave them out (the list still shows; the portal may ask again).
      const [{ rows, total, brands, foundByCode }, favorites] = await Promise.all([
        listProducts({ db, catalogue, readModel }, orgId, parisDate(now()), query, showPrices),
        query.with_favorites ? favoriteIds(favoritesDb, { userId: session.user.id, orgId }).catch(() => undefined) : undefined,
      ]);
      const items = rows.map((row) => toProductSummary(row, showPrices));
      const favoriteSet = favorites ? new Set(favorites) : undefined;
      const favorite_ids = favoriteSet ? items.filter((item) => favoriteSet.has(item.obj_id)).map((item) => item.obj_id) : undefined;
      // with_stock: the figures /wms/stocks would answer for the page (same 1 s cache), one call
      // fewer for the portal. Unreadable, they are left out and the portal asks the wms.
      const stocks = query.with_stock ? await readModel.stocks.read(items.map((item) => item.obj_id)).catch(() => undefined) : undefined;
      res.json({
        items,
        total,
        page: query.page,
        per_page: query.per_page,
        ...(favorite_ids ? { favorite_ids } : {}),
        ...(stocks ? { stocks } : {}),
        ...(brands ? { brands } : {}),
        ...(foundByCode ? { found_by_code: { obj_id: foundByCode.productId, code: foundByCode.code } } : {}),
      });
    }),
  );

  router.get(
    "/products/:refOrId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const query = parseInput(productDetailQuery, req.query);
      const orgId = assertActingOrg(session, query.usr_id);
      const refOrId = String(req.params.refOrId ?? "").slice(0, 60);
      const today = parisDate(now());
      const row = await findProductDetail(readModel, orgId, today, refOrId, query.by);
      if (row) return void res.json(toProductDetail(row, hasFlag(session, "prices")));
      // No such reference: the organization's own code for a product (docs/part-numbers.md).
      const byCode = isReferenceLookup(refOrId, query.by) ? await findProductByOwnCode(db, readModel, orgId, today, refOrId) : undefined;
      if (!byCode) throw new ApiFailure(404, "unknown_product", `Produit introuvable : ${refOrId}.`);
      res.json({ ...toProductDetail(byCode.row, hasFlag(session, "prices")), found_by_code: byCode.code });
    }),
  );

  // The organization's price list (docs/price-list.md): the `prices` flag, and a contributor
  // reads it for the client it logged in as, like the orders (customer-routes.ts).
  router.get(
    "/price-list",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      if (session.user.class === "contributor") {
        throw forbidden("Choisissez d'abord le client pour lequel vous agissez : les tarifs sont ceux d'une organisation cliente.");
      }
      requireFlag(session, "prices");
      const { org_id, ...filters } = parseInput(priceListQuery, req.query);
      const orgId = assertActingOrg(session, org_id);
      res.json(await loadPriceList({ db, catalogue, readModel }, orgId, parisDate(now()), filters));
    }),
  );

  return router;
}
