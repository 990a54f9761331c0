import { Router, type Request } from "express";
import {
  acceptReturnRequest,
  creditReturnRequest,
  exchangeReturnRequest,
  receiveReturnRequest,
  refuseReturnRequest,
  RETURN_NUMBER,
  serviceReturnDetail,
  serviceReturnListQuery,
  serviceReturnListResponse,
} from "@shared/contracts/returns";
import type { AlertEvent } from "../alerts/events";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { serviceOf } from "../http/service";
import { parseInput } from "../http/validate";
import { invoicePdf } from "../invoices/pdf-store";
import { creditReturn } from "./credit";
import { acceptReturn, exchangeReturn, receiveReturn, refuseReturn, unknownReturn, type LockedReturn } from "./lifecycle";
import { listServiceReturns } from "./service-list";
import { loadServiceReturn } from "./view";

/** A return number from the path (RET-2026-000012), upper-cased; anything else names no return. */
function numberFromPath(req: Request): string {
  const raw = req.params.number ?? "";
  if (!RETURN_NUMBER.test(raw)) throw unknownReturn(raw.slice(0, 40));
  return raw.toUpperCase();
}

/**
 * The distributor's systems on returns (docs/returns.md), mounted at /api/erp behind
 * requireService: every organization's returns, one return, and the steps that move it. Each step
 * answers the return as it is after it; its alert goes once the step has committed.
 */
export function serviceReturnsRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  async function answer(number: string) {
    const detail = await loadServiceReturn(db, number);
    if (!detail) throw unknownReturn(number);
    return serviceReturnDetail.parse(detail);
  }

  const stepOf = (req: Request, res: Parameters<typeof serviceOf>[0], body: { at?: string | undefined; note?: string | undefined }) => ({
    number: numberFromPath(req),
    author: serviceOf(res).name,
    now: now(),
    ...(body.at === undefined ? {} : { at: body.at }),
    ...(body.note === undefined ? {} : { note: body.note }),
  });

  const tell = (event: AlertEvent) => deps.alerts.notify(event);

  router.get(
    "/returns",
    asyncHandler(async (req, res) => {
      const query = parseInput(serviceReturnListQuery, req.query);
      res.json(serviceReturnListResponse.parse(await listServiceReturns(db, query)));
    }),
  );

  router.get(
    "/returns/:number",
    asyncHandler(async (req, res) => {
      res.json(await answer(numberFromPath(req)));
    }),
  );

  router.post(
    "/returns/:number/accept",
    asyncHandler(async (req, res) => {
      const body = parseInput(acceptReturnRequest, req.body ?? {});
      const done: LockedReturn = await acceptReturn(db, stepOf(req, res, body));
      tell({ kind: "return_answered", returnId: done.id, step: "accepted" });
      res.json(await answer(done.number));
    }),
  );

  router.post(
    "/returns/:number/refuse",
    asyncHandler(async (req, res) => {
      const body = parseInput(refuseReturnRequest, req.body ?? {});
      const done = await refuseReturn(db, { ...stepOf(req, res, body), reason: body.reason });
      tell({ kind: "return_answered", returnId: done.id, step: "refused" });
      res.json(await answer(done.number));
    }),
  );

  router.post(
    "/returns/:number/receive",
    asyncHandler(async (req, res) => {
      const body = parseInput(receiveReturnRequest, req.body ?? {});
      const done = await receiveReturn(db, { ...stepOf(req, res, body), lines: body.lines });
      res.json(await answer(done.number));
    }),
  );

  router.post(
    "/returns/:number/credit",
    asyncHandler(async (req, res) => {
      const body = parseInput(creditReturnRequest, req.body ?? {});
      const { locked, issued } = await creditReturn(db, {
        ...stepOf(req, res, body),
        issuedBy: deps.invoicesIssuedBy,
        ...(body.restocking_fee_pct === undefined ? {} : { feePct: body.restocking_fee_pct }),
        ...(body.credit_notes === undefined ? {} : { creditNotes: body.credit_notes }),
      });
      // Drawn now, as the credit-note path does: a failure leaves it to the first download.
      for (const id of issued) {
        try {
          await invoicePdf(db, id);
        } catch (error) {
          console.error({ err: error, invoiceId: id }, "credit note PDF not rendered");
        }
      }
      tell({ kind: "return_settled", returnId: locked.id, step: "credited" });
      res.json(await answer(locked.number));
    }),
  );

  router.post(
    "/returns/:number/exchange",
    asyncHandler(async (req, res) => {
      const body = parseInput(exchangeReturnRequest, req.body ?? {});
      const exchange = {
        carrier: body.carrier,
        ...(body.tracking_number === undefined ? {} : { tracking_number: body.tracking_number }),
        ...(body.tracking_url === undefined ? {} : { tracking_url: body.tracking_url }),
      };
      const done = await exchangeReturn(db, { ...stepOf(req, res, body), exchange });
      tell({ kind: "return_settled", returnId: done.id, step: "exchanged" });
      res.json(await answer(done.number));
    }),
  );

  return router;
}
