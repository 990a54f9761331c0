import { Router } from "express";
import {
  importPartNumbersRequest,
  partNumberListQuery,
  partNumberLookupQuery,
  setPartNumberRequest,
  type ImportPartNumbersResponse,
  type PartNumberLookupResponse,
} from "@shared/contracts/part-numbers";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { ApiFailure, notFound } from "../http/errors";
import { assertActingOrg, authorOf, requireClientAccount, requireFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { normalizedRef } from "../pim/search";
import { planCodes } from "./plan";
import { applyPlan, codesOf, existingCodes, listCodes, removeCode, setCode } from "./store";

/**
 * GET/PUT/DELETE/POST /api/part-numbers/:orgId… (shared/contracts/part-numbers.ts,
 * docs/part-numbers.md): reading needs a session of the organization, changing the `cart`
 * right (and a client's account: a contributor after login-as).
 */

const CUSTOMERS_OWN = "les codes articles sont ceux d'une organisation cliente";

function editorOrg(session: Session, raw: string | undefined): number {
  const orgId = assertActingOrg(session, parseIdParam(raw));
  requireClientAccount(session, CUSTOMERS_OWN);
  requireFlag(session, "cart");
  return orgId;
}

export function partNumbersRouter(deps: CatalogueServiceDeps): Router {
  const { db, now, readModel } = deps;
  const router = Router();

  router.get(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const orgId = assertActingOrg(sessionOf(res), parseIdParam(req.params.orgId));
      res.json(await listCodes(db, orgId, parseInput(partNumberListQuery, req.query)));
    }),
  );

  router.get(
    "/:orgId/lookup",
    asyncHandler(async (req, res) => {
      const orgId = assertActingOrg(sessionOf(res), parseIdParam(req.params.orgId));
      const { product_ids } = parseInput(partNumberLookupQuery, req.query);
      const codes = await codesOf(db, orgId, product_ids);
      res.json({ codes: Object.fromEntries([...codes].map(([id, code]) => [String(id), code])) } satisfies PartNumberLookupResponse);
    }),
  );

  router.post(
    "/:orgId/import",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = editorOrg(session, req.params.orgId);
      const body = parseInput(importPartNumbersRequest, req.body);
      const [index, existing] = await Promise.all([readModel.products(), existingCodes(db, orgId)]);
      const plan = planCodes(body.entries, (ref) => index.getByRef(normalizedRef(ref)), existing, false);
      await applyPlan(db, orgId, plan, authorOf(session).name, now());
      res.json({ saved: plan.writes.length, refused: plan.refused } satisfies ImportPartNumbersResponse);
    }),
  );

  router.put(
    "/:orgId/:productId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = editorOrg(session, req.params.orgId);
      const productId = parseIdParam(req.params.productId);
      if (productId === null) throw notFound();
      const { code } = parseInput(setPartNumberRequest, req.body);
      const product = await db
        .selectFrom("products")
        .select(["id", "ref", "title", "is_port"])
        .where("id", "=", productId)
        .executeTakeFirst();
      if (!product) throw new ApiFailure(404, "unknown_product", "Produit introuvable.");
      if (product.is_port) throw new ApiFailure(422, "shipping_product", `${product.ref} est un frais de port : il ne prend pas de code.`);
      res.json(await setCode(db, orgId, product, code, authorOf(session).name, now()));
    }),
  );

  router.delete(
    "/:orgId/:productId",
    asyncHandler(async (req, res) => {
      const orgId = editorOrg(sessionOf(res), req.params.orgId);
      const productId = parseIdParam(req.params.productId);
      if (productId === null) throw notFound();
      await removeCode(db, orgId, productId);
      res.status(204).end();
    }),
  );

  return router;
}
