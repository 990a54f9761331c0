import { Router, type Request } from "express";
import {
  orderCancelRequest,
  orderMoveRequest,
  requestAcceptBody,
  requestRefuseBody,
  serviceOrderListQuery,
  serviceRequestListQuery,
  shipmentRequest,
  stockArrivalRequest,
} from "@shared/contracts/orders";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { ApiFailure } from "../http/errors";
import { serviceOf } from "../http/service";
import { parseIdParam, parseInput } from "../http/validate";
import { answerRequest, listRequests } from "./cancellation-requests";
import { loadOrderDetail } from "./detail";
import { listAllOrders } from "./list";
import { cancelLine, cancelOrder, simpleStep } from "./moves";
import { stepInstant, unknownOrder } from "./order-lock";
import { shipOrder } from "./shipments";
import { recordStockArrival } from "./stock-arrivals";

/** An order number from the path (CMD-000123), upper-cased; anything else names no order. */
function orderRef(req: Request): string {
  const raw = req.params.ref ?? "";
  if (!/^[A-Za-z0-9-]{1,30}$/.test(raw)) throw unknownOrder(raw.slice(0, 30));
  return raw.toUpperCase();
}

/**
 * The distributor's systems (its ERP, its warehouse): the calls that move an order, record a
 * stock arrival and answer the customers' cancellation requests (docs/orders.md), mounted at
 * /api/erp behind requireService. Each answers the order as it is after the step.
 */
export function serviceOrdersRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  async function answerOrder(ref: string) {
    const order = await loadOrderDetail(db, { ref }, true);
    if (!order) throw unknownOrder(ref);
    return order;
  }

  router.get(
    "/orders",
    asyncHandler(async (req, res) => {
      const { status, org, page, size } = parseInput(serviceOrderListQuery, req.query);
      res.json(await listAllOrders(db, { status, orgRef: org || undefined }, { page, size }));
    }),
  );

  router.get(
    "/orders/:ref",
    asyncHandler(async (req, res) => {
      res.json(await answerOrder(orderRef(req)));
    }),
  );

  for (const step of ["accept", "prepare", "deliver"] as const) {
    router.post(
      `/orders/:ref/${step}`,
      asyncHandler(async (req, res) => {
        const ref = orderRef(req);
        const body = parseInput(orderMoveRequest, req.body ?? {});
        await simpleStep(db, step, { ref, author: serviceOf(res).name, at: body.at, note: body.note, now: now() });
        res.json(await answerOrder(ref));
      }),
    );
  }

  router.post(
    "/orders/:ref/cancel",
    asyncHandler(async (req, res) => {
      const ref = orderRef(req);
      const body = parseInput(orderCancelRequest, req.body ?? {});
      const step = { ref, author: serviceOf(res).name, at: body.at, note: body.note, now: now() };
      await (body.obj_ref ? cancelLine(db, body.obj_ref, step) : cancelOrder(db, step));
      res.json(await answerOrder(ref));
    }),
  );

  router.post(
    "/orders/:ref/shipments",
    asyncHandler(async (req, res) => {
      const ref = orderRef(req);
      const request = parseInput(shipmentRequest, req.body);
      await shipOrder(db, {
        ref,
        author: serviceOf(res).name,
        request,
        now: now(),
        alerts: deps.alerts,
        invoicesIssuedBy: deps.invoicesIssuedBy,
      });
      res.status(201).json(await answerOrder(ref));
    }),
  );

  router.post(
    "/stocks/:objRef/arrivals",
    asyncHandler(async (req, res) => {
      const body = parseInput(stockArrivalRequest, req.body);
      const instant = now();
      // The arrival has no order to be after: only the future is refused.
      const at = stepInstant(body.at, instant, { ref: "", created_at: new Date(0) });
      res.json(
        await recordStockArrival(db, {
          objRef: req.params.objRef ?? "",
          qty: body.qty,
          nextRefillDate: body.next_refill_date ?? null,
          nextRefillQty: body.next_refill_qty ?? null,
          author: serviceOf(res).name,
          at,
          alerts: deps.alerts,
        }),
      );
    }),
  );

  router.get(
    "/cancellation-requests",
    asyncHandler(async (req, res) => {
      const { status } = parseInput(serviceRequestListQuery, req.query);
      res.json(await listRequests(db, status));
    }),
  );

  router.post(
    "/cancellation-requests/:id/:answer(accept|refuse)",
    asyncHandler(async (req, res) => {
      const id = parseIdParam(req.params.id);
      if (id === null) throw new ApiFailure(404, "unknown_request", "Demande d'annulation introuvable.");
      const step = { author: serviceOf(res).name, now: now() };
      if (req.params.answer === "accept") {
        const body = parseInput(requestAcceptBody, req.body ?? {});
        res.json(await answerRequest(db, id, { grant: true, message: body.message }, { ...step, at: body.at }));
      } else {
        const body = parseInput(requestRefuseBody, req.body ?? {});
        res.json(await answerRequest(db, id, { grant: false, message: body.message }, { ...step, at: body.at }));
      }
    }),
  );

  return router;
}
