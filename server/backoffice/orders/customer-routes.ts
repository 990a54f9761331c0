import { Router, type Response } from "express";
import { backorderListQuery, cancellationRequestBody, historyQuery, orderListQuery } from "@shared/contracts/orders";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { forbidden, notFound } from "../http/errors";
import { assertActingOrg, hasFlag, requireFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { listBackorders } from "./backorders";
import { requestCancellation } from "./cancellation-requests";
import { loadOrderDetail } from "./detail";
import { purchaseHistory } from "./history";
import { listOrganizationOrders } from "./list";

/**
 * What a portal user reads of the organization's orders (docs/orders.md), mounted under /oms
 * behind requireSession: the orders, one order's follow-up, the open back-orders, the purchase
 * history, and the request to cancel a remainder. Every account of the organization sees them;
 * amounts are null without the `prices` flag; asking a cancellation needs `orders`; a
 * contributor acts through login-as (docs/decisions/0103-order-follow-up-for-customers.md).
 */
export function customerOrdersRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  /** The caller, once it is an organization's account (a contributor chooses a client first). */
  function customer(res: Response): Session {
    const session = sessionOf(res);
    if (session.user.class === "contributor") {
      throw forbidden("Choisissez d'abord le client pour lequel vous agissez : les commandes sont celles d'une organisation cliente.");
    }
    return session;
  }

  router.get(
    "/orders",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const { org_id, page, size, ...filters } = parseInput(orderListQuery, req.query);
      assertActingOrg(session, org_id);
      res.json(await listOrganizationOrders(db, org_id, filters, { page, size }, hasFlag(session, "prices")));
    }),
  );

  router.get(
    "/orders/:ordId/details",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const id = parseIdParam(req.params.ordId);
      const order = id === null ? undefined : await loadOrderDetail(db, { orgId: session.org.id, orderId: id }, hasFlag(session, "prices"));
      if (!order) throw notFound();
      res.json(order);
    }),
  );

  router.post(
    "/orders/:ordId/cancellation-requests",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const id = parseIdParam(req.params.ordId);
      if (id === null) throw notFound();
      requireFlag(session, "orders");
      const body = parseInput(cancellationRequestBody, req.body);
      // After login-as, the contributor asks for the client: the request names the contributor.
      const author = session.master ?? session.user;
      const request = await requestCancellation(db, {
        orgId: session.org.id,
        orderId: id,
        productId: body.obj_id,
        reason: body.reason,
        userId: author.id,
        userName: author.name,
        now: now(),
      });
      res.status(201).json(request);
    }),
  );

  router.get(
    "/backorders",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const { org_id, page, size } = parseInput(backorderListQuery, req.query);
      assertActingOrg(session, org_id);
      res.json(await listBackorders(db, org_id, { page, size }, hasFlag(session, "prices")));
    }),
  );

  router.get(
    "/history",
    asyncHandler(async (req, res) => {
      const session = customer(res);
      const { org_id, q, page, size } = parseInput(historyQuery, req.query);
      assertActingOrg(session, org_id);
      res.json(await purchaseHistory(db, org_id, parisDate(now()), q || undefined, { page, size }, hasFlag(session, "prices")));
    }),
  );

  return router;
}
