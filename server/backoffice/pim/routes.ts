import { Router } from "express";
import type { Kysely } from "kysely";
import { productListQuery, usrQuery } from "../../../shared/contracts/api";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { assertActingOrg, hasFlag, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { parisDate } from "../oms/paris-date";
import { findProductDetail, listProducts } from "./catalogue";
import { toProductDetail, toProductSummary } from "./product-view";

type Family = "is_motor" | "is_antenna" | "is_tag" | "is_hazardous";

async function familyReferences(db: Kysely<Database>, family: Family): Promise<string[]> {
  const rows = await db.selectFrom("products").select("ref").where(family, "=", true).orderBy("ref").execute();
  return rows.map((row) => row.ref);
}

export function pimRouter(deps: CatalogueServiceDeps): Router {
  const { db, now, catalogue, readModel } = deps;
  const router = Router();

  const families: Record<string, Family> = { motors: "is_motor", antennas: "is_antenna", tags: "is_tag", hazards: "is_hazardous" };
  for (const [path, family] of Object.entries(families)) {
    router.get(`/${path}`, asyncHandler(async (_req, res) => {
      res.json(await familyReferences(db, family));
    }));
  }

  router.get("/categories", asyncHandler(async (req, res) => {
    const query = parseInput(usrQuery, req.query);
    assertActingOrg(sessionOf(res), query.usr_id);
    res.json(await catalogue.categoryTree());
  }));

  router.get("/brands", asyncHandler(async (_req, res) => {
    res.json(await catalogue.brands());
  }));

  router.get("/products", asyncHandler(async (req, res) => {
    const session = sessionOf(res);
    const query = parseInput(productListQuery, req.query);
    const orgId = assertActingOrg(session, query.usr_id);
    const showPrices = hasFlag(session, "prices");
    const { rows, total } = await listProducts({ db, catalogue, readModel }, orgId, parisDate(now()), query, showPrices);
    res.json({ items: rows.map((row) => toProductSummary(row, showPrices)), total, page: query.page, per_page: query.per_page });
  }));

  router.get("/products/:refOrId", asyncHandler(async (req, res) => {
    const session = sessionOf(res);
    const query = parseInput(usrQuery, req.query);
    const orgId = assertActingOrg(session, query.usr_id);
    const refOrId = String(req.params.refOrId ?? "").slice(0, 60);
    const row = await findProductDetail(readModel, orgId, parisDate(now()), refOrId);
    if (!row) throw new ApiFailure(404, "unknown_product", `Produit introuvable : ${refOrId}.`);
    res.json(toProductDetail(row, hasFlag(session, "prices")));
  }));

  return router;
}
