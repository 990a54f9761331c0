import { Router } from "express";
import { createScheduleRequest, scheduleDetail, scheduleListResponse, updateScheduleRequest } from "@shared/contracts/replenishment";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import { authorOf, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { assertEditable, assertReadable, canEdit, scheduleOrg, seesAll } from "./access";
import { createSchedule, pause, removeSchedule, resume, skipNext, updateSchedule, type Actor } from "./changes";
import { findSchedule, listSchedules, scheduleDetailOf } from "./views";

/**
 * Scheduled replenishment (docs/replenishment.md, shared/contracts/replenishment.ts):
 * /api/replenishment/:orgId[/:id[/skip|pause|resume]]. Another organization's id or schedule is
 * a 404; a colleague's schedule is read by the administrators only and changed by its owner or
 * an administrator (403).
 */
export function replenishmentRouter(deps: CatalogueServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  function actorOf(session: Session): Actor {
    const instant = now();
    return {
      orgId: session.org.id,
      userId: session.user.id,
      // The schedule is the token's user's: an organization account is named by its organization.
      ownerName: session.user.class === "organization" ? session.org.name : session.user.name,
      by: authorOf(session).name,
      today: parisDate(instant),
      now: instant,
    };
  }

  async function target(session: Session, params: Record<string, string | undefined>) {
    const orgId = scheduleOrg(session, parseIdParam(params.orgId));
    const id = parseIdParam(params.id);
    if (id === null) throw notFound();
    return findSchedule(db, orgId, id);
  }

  async function detail(session: Session, id: number) {
    const row = assertReadable(session, await findSchedule(db, session.org.id, id));
    return scheduleDetail.parse(await scheduleDetailOf(db, row.id, canEdit(session, row)));
  }

  router.get(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = scheduleOrg(session, parseIdParam(req.params.orgId));
      const items = await listSchedules(db, orgId, seesAll(session) ? null : session.user.id, (row) => canEdit(session, row));
      res.json(scheduleListResponse.parse({ items }));
    }),
  );

  router.post(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      scheduleOrg(session, parseIdParam(req.params.orgId));
      const body = parseInput(createScheduleRequest, req.body);
      const id = await createSchedule(db, actorOf(session), body);
      res.status(201).json(await detail(session, id));
    }),
  );

  router.get(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const row = assertReadable(session, await target(session, req.params));
      res.json(await detail(session, row.id));
    }),
  );

  router.patch(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const row = assertEditable(session, await target(session, req.params));
      const body = parseInput(updateScheduleRequest, req.body);
      await updateSchedule(db, actorOf(session), row, body);
      res.json(await detail(session, row.id));
    }),
  );

  const actions = { skip: skipNext, pause, resume } as const;
  for (const [name, act] of Object.entries(actions)) {
    router.post(
      `/:orgId/:id/${name}`,
      asyncHandler(async (req, res) => {
        const session = sessionOf(res);
        const row = assertEditable(session, await target(session, req.params));
        await act(db, actorOf(session), row);
        res.json(await detail(session, row.id));
      }),
    );
  }

  router.delete(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const row = assertEditable(session, await target(session, req.params));
      await removeSchedule(db, actorOf(session), row);
      res.status(204).end();
    }),
  );
  return router;
}
