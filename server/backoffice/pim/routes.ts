import { Router } from "express";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { productListQuery, usrQuery, type Brand } from "../../../shared/contracts/api";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { assertActingOrg, hasFlag, sessionOf } from "../http/session";
import { parseInput } from "../http/validate";
import { parisDate } from "../oms/paris-date";
import { findProductDetail, listProducts } from "./catalogue";
import { loadCategoryTree } from "./categories";
import { toProductDetail, toProductSummary } from "./product-view";

type Family = "is_motor" | "is_antenna" | "is_tag" | "is_hazardous";

async function familyReferences(db: Kysely<Database>, family: Family): Promise<string[]> {
  const rows = await db.selectFrom("products").select("ref").where(family, "=", true).orderBy("ref").execute();
  return rows.map((row) => row.ref);
}

export function pimRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
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
    res.json(await loadCategoryTree(db));
  }));

  router.get("/brands", asyncHandler(async (_req, res) => {
    const rows: Brand[] = await db
      .selectFrom("brands as b")
      .select([
        "b.id as obj_id", "b.slug as obj_slug", "b.title as obj_title",
        sql<number>`(select count(*)::int from products p where p.brand_id = b.id and not p.discontinued and not p.is_port)`.as("product_count"),
      ])
      .orderBy("b.title")
      .execute();
    res.json(rows);
  }));

  router.get("/products", asyncHandler(async (req, res) => {
    const session = sessionOf(res);
    const query = parseInput(productListQuery, req.query);
    const orgId = assertActingOrg(session, query.usr_id);
    const showPrices = hasFlag(session, "prices");
    const { rows, total } = await listProducts(db, orgId, parisDate(now()), query, showPrices);
    res.json({ items: rows.map((row) => toProductSummary(row, showPrices)), total, page: query.page, per_page: query.per_page });
  }));

  router.get("/products/:refOrId", asyncHandler(async (req, res) => {
    const session = sessionOf(res);
    const query = parseInput(usrQuery, req.query);
    const orgId = assertActingOrg(session, query.usr_id);
    const refOrId = String(req.params.refOrId ?? "").slice(0, 60);
    const row = await findProductDetail(db, orgId, parisDate(now()), refOrId);
    if (!row) throw new ApiFailure(404, "unknown_product", `Produit introuvable : ${refOrId}.`);
    res.json(toProductDetail(row, hasFlag(session, "prices")));
  }));

  return router;
}
