import { Router, type Request, type Response } from "express";
import { createReturnRequest, RETURN_NUMBER, returnListQuery, RETURNS_PAGE_SIZE } from "@shared/contracts/returns";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import { assertActingOrg, authorOf, hasFlag, requireClientAccount, requireFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { createReturn } from "./create";
import { eligibleOrders, orderEligibility, returnableOrderView } from "./eligibility";
import { sendPhoto } from "./photos";
import { readReturnSettings } from "./settings";
import { listReturns, loadReturn, loadReturnById } from "./view";
import { withdrawReturn } from "./withdraw";

/**
 * The organization's returns (docs/returns.md, shared/contracts/returns.ts), mounted at
 * /api/returns behind requireSession: what may be returned, the requests, one return, its
 * withdrawal and photos. A client's own thing (a contributor acts after login-as) for whoever
 * may order (`orders`); amounts only with `prices`; another organization's order or return is a
 * 404. The slip (GET /:orgId/:number/slip) has its own router (the PDF).
 */

const RETURNS_OF_A_CLIENT = "les retours sont ceux d'une organisation cliente";

/** The caller and its organization from the path, once it may ask returns. */
export function returnsCaller(req: Request, res: Response): { session: Session; orgId: number; prices: boolean } {
  const session = sessionOf(res);
  const orgId = assertActingOrg(session, parseIdParam(req.params.orgId));
  requireClientAccount(session, RETURNS_OF_A_CLIENT);
  requireFlag(session, "orders");
  return { session, orgId, prices: hasFlag(session, "prices") };
}

/** A return number from the path (RET-2026-000012, any case); anything else names no return. */
export function returnNumberParam(req: Request): string {
  const raw = req.params.number ?? "";
  if (!RETURN_NUMBER.test(raw)) throw notFound();
  return raw.toUpperCase();
}

export function customerReturnsRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  router.get(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const { orgId, prices } = returnsCaller(req, res);
      const query = parseInput(returnListQuery, req.query);
      const size = RETURNS_PAGE_SIZE;
      const { items, total } = await listReturns(
        db,
        { orgId, status: query.status, orderId: query.order },
        { page: query.page, size },
        { prices },
      );
      res.json({ items, total, page: query.page, size });
    }),
  );

  router.get(
    "/:orgId/eligible",
    asyncHandler(async (req, res) => {
      const { orgId } = returnsCaller(req, res);
      const settings = await readReturnSettings(db);
      res.json({ items: await eligibleOrders(db, orgId, settings.window_days, now()), window_days: settings.window_days });
    }),
  );

  router.get(
    "/:orgId/orders/:orderId",
    asyncHandler(async (req, res) => {
      const { orgId, prices } = returnsCaller(req, res);
      const orderId = parseIdParam(req.params.orderId);
      const order = orderId === null ? undefined : await orderEligibility(db, orgId, orderId);
      if (!order) throw notFound();
      res.json(returnableOrderView(order, await readReturnSettings(db), parisDate(now()), prices));
    }),
  );

  router.post(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const { session, orgId, prices } = returnsCaller(req, res);
      const request = parseInput(createReturnRequest, req.body);
      const id = await createReturn(db, { orgId, author: authorOf(session), request, now: now() });
      res.status(201).json(await loadReturnById(db, id, { prices }));
    }),
  );

  router.get(
    "/:orgId/:number",
    asyncHandler(async (req, res) => {
      const { orgId, prices } = returnsCaller(req, res);
      const detail = await loadReturn(db, { orgId, number: returnNumberParam(req) }, { prices });
      if (!detail) throw notFound();
      res.json(detail);
    }),
  );

  router.post(
    "/:orgId/:number/withdraw",
    asyncHandler(async (req, res) => {
      const { session, orgId, prices } = returnsCaller(req, res);
      const id = await withdrawReturn(db, { orgId, number: returnNumberParam(req), author: authorOf(session).name, now: now() });
      res.json(await loadReturnById(db, id, { prices }));
    }),
  );

  router.get(
    "/:orgId/:number/photos/:photoId",
    asyncHandler(async (req, res) => {
      const { orgId } = returnsCaller(req, res);
      const number = returnNumberParam(req);
      const photoId = parseIdParam(req.params.photoId);
      if (photoId === null) throw notFound();
      await sendPhoto(db, res, { orgId, number, photoId });
    }),
  );

  return router;
}
