import { Router } from "express";
import { erpPartNumbersRequest, erpPartNumbersResponse } from "@shared/contracts/part-numbers";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { serviceOf } from "../http/service";
import { parseInput } from "../http/validate";
import { normalizedRef } from "../pim/search";
import { planCodes } from "./plan";
import { applyPlan, existingCodes } from "./store";

/**
 * PUT /api/erp/part-numbers/:customerRef (docs/integration.md, docs/part-numbers.md): the
 * distributor's systems set a customer's own codes by reference, the same rules as the portal's
 * import; `replace` removes the codes the list does not name. Mounted at /api/erp behind requireService.
 */
export function servicePartNumbersRouter(deps: CatalogueServiceDeps): Router {
  const { db, now, readModel } = deps;
  const router = Router();

  router.put(
    "/part-numbers/:customerRef",
    asyncHandler(async (req, res) => {
      const service = serviceOf(res);
      const ref = (req.params.customerRef ?? "").trim();
      const org = /^[A-Za-z0-9_.-]{1,40}$/.test(ref)
        ? await db.selectFrom("organizations").select("id").where("ref", "=", ref).where("is_distributor", "=", false).executeTakeFirst()
        : undefined;
      if (!org) throw new ApiFailure(404, "not_found", `Client inconnu : ${ref.slice(0, 40)}.`);
      const body = parseInput(erpPartNumbersRequest, req.body);
      const [index, existing] = await Promise.all([readModel.products(), existingCodes(db, org.id)]);
      const entries = body.codes.map((entry, position) => ({ line: position + 1, code: entry.code, ref: entry.ref }));
      const plan = planCodes(entries, (typed) => index.getByRef(normalizedRef(typed)), existing, body.replace);
      await applyPlan(db, org.id, plan, service.name, now());
      res.json(erpPartNumbersResponse.parse({ saved: plan.writes.length, refused: plan.refused, removed: plan.removals.length }));
    }),
  );

  return router;
}
