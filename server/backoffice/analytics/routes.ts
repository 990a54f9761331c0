import { Router } from "express";
import { analyticsReportQuery } from "@shared/contracts/analytics";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { parseInput } from "../http/validate";
import { analyticsReportOf } from "./report";

/**
 * The page-view report (docs/analytics.md), for the distributor's systems: mounted at
 * /api/analytics behind requireService, like /api/erp (decision 0102). The views themselves
 * are written by the portal's server in the same process (server/middleware/analytics.ts).
 */
export function analyticsRouter(deps: Pick<ServiceDeps, "db">): Router {
  const router = Router();
  router.get(
    "/report",
    asyncHandler(async (req, res) => {
      res.json(await analyticsReportOf(deps.db, parseInput(analyticsReportQuery, req.query)));
    }),
  );
  return router;
}
