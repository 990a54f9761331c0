import { Router } from "express";
import { stockBatchQuery } from "@shared/contracts/api";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { parseIdParam, parseInput } from "../http/validate";

export function wmsRouter(deps: CatalogueServiceDeps): Router {
  const { readModel } = deps;
  const router = Router();

  /** Batch form: ?ids=1,2,3 (at most 100); unknown ids are left out of the answer. */
  router.get(
    "/stocks",
    asyncHandler(async (req, res) => {
      const query = parseInput(stockBatchQuery, req.query);
      res.json(await readModel.stocks.read(query.ids));
    }),
  );

  router.get(
    "/stocks/:objId",
    asyncHandler(async (req, res) => {
      const id = parseIdParam(req.params.objId);
      const [stock] = id === null ? [] : await readModel.stocks.read([id]);
      if (!stock) throw new ApiFailure(404, "unknown_product", "Produit introuvable.");
      res.json(stock);
    }),
  );

  return router;
}
