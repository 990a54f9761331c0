import { Router } from "express";
import { eventListQuery, replayRequest, setAsideListQuery } from "@shared/contracts/outbox";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { asyncHandler } from "../http/async-handler";
import { parseInput } from "../http/validate";
import { eventsAfter, listSetAside, replay } from "./store";

export interface EventsRouterDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Told after a replay: the deliverer looks at once (absent without ERP_WEBHOOK_URL). */
  onReplay?: () => void;
}

/**
 * The outbox for the distributor's systems (docs/integration.md « Événements »), mounted at
 * /api/erp behind requireService: the events in order from a cursor (for an ERP that cannot
 * receive webhooks), the events set aside after a day of failed deliveries, and their replay.
 */
export function eventsRouter(deps: EventsRouterDeps): Router {
  const router = Router();

  router.get(
    "/events",
    asyncHandler(async (req, res) => {
      const { after, limit } = parseInput(eventListQuery, req.query);
      res.json(await eventsAfter(deps.db, after === undefined ? 0 : Number(after), limit));
    }),
  );

  router.get(
    "/events/set-aside",
    asyncHandler(async (req, res) => {
      const { limit } = parseInput(setAsideListQuery, req.query);
      res.json(await listSetAside(deps.db, limit));
    }),
  );

  router.post(
    "/events/replay",
    asyncHandler(async (req, res) => {
      const which = parseInput(replayRequest, req.body ?? {});
      const answer = await replay(deps.db, which, deps.now());
      if (answer.replayed > 0) deps.onReplay?.();
      res.json(answer);
    }),
  );

  return router;
}
