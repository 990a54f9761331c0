import { Router } from "express";
import type { Kysely } from "kysely";
import { stockBatchQuery } from "../../../shared/contracts/api";
import type { Stock } from "../../../shared/contracts/entities";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { parseIdParam, parseInput } from "../http/validate";

/** Stock of existing products; a product without a stock row has none available. */
async function readStocks(db: Kysely<Database>, ids: readonly number[]): Promise<Stock[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("stocks as s", "s.product_id", "p.id")
    .select(["p.id", "s.sto_disp", "s.refill_date", "s.refill_qte"])
    .where("p.id", "in", [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ obj_id: id, sto_disp: row.sto_disp ?? 0, sto_refill_date: row.refill_date, sto_refill_qte: row.refill_qte }];
  });
}

export function wmsRouter(deps: ServiceDeps): Router {
  const { db } = deps;
  const router = Router();

  /** Batch form: ?ids=1,2,3 (at most 100); unknown ids are left out of the answer. */
  router.get("/stocks", asyncHandler(async (req, res) => {
    const query = parseInput(stockBatchQuery, req.query);
    res.json(await readStocks(db, query.ids));
  }));

  router.get("/stocks/:objId", asyncHandler(async (req, res) => {
    const id = parseIdParam(req.params.objId);
    const [stock] = id === null ? [] : await readStocks(db, [id]);
    if (!stock) throw new ApiFailure(404, "unknown_product", "Produit introuvable.");
    res.json(stock);
  }));

  return router;
}
