import { Router } from "express";
import { expiringQuotesQuery } from "@shared/contracts/quotes";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { parseInput } from "../http/validate";
import { listExpiringQuotes } from "./expiry";

/**
 * The distributor's systems on quotes, mounted at /api/erp behind requireService: the
 * proposals expiring within a few days and not yet reminded. A read: the reminder job claims
 * them itself (claimExpiringQuotes), so that calling this never silences a reminder.
 */
export function serviceQuotesRouter(deps: ServiceDeps): Router {
  const router = Router();
  router.get(
    "/quotes/expiring",
    asyncHandler(async (req, res) => {
      const { within_days } = parseInput(expiringQuotesQuery, req.query);
      res.json({ items: await listExpiringQuotes(deps.db, deps.now(), within_days) });
    }),
  );
  return router;
}
