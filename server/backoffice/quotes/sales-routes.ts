import { Router } from "express";
import {
  quoteAskInformationRequest,
  quoteCloseRequest,
  quoteMessageRequest,
  quoteProposalRequest,
  salesQuoteListQuery,
} from "@shared/contracts/quotes";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { ServiceDeps } from "../http/deps";
import { parseIdParam, parseInput } from "../http/validate";
import { salesCaller } from "./access";
import { sendAttachment } from "./attachments";
import { answerDetail, notify, plainMove, writeMessage } from "./moves";
import { assertProposalShape, writeProposal } from "./proposals";
import { listSalesQuotes } from "./queries";
import { moveQuote } from "./workflow";

/**
 * The sales representative's side (docs/quotes.md), mounted at /api/sales behind
 * requireSession: a contributor, with its own identity (never through login-as), reads and
 * answers the quotes of the organizations linked to it in contributor_clients only; another
 * client's quote does not exist (404); a customer's token is refused here (403).
 */
export function salesQuotesRouter(deps: ServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();
  const quoteId = (raw: string | undefined) => parseIdParam(raw) ?? 0;

  // Every call, known path or not, is a contributor's: a customer learns nothing here.
  router.use((_req, res, next) => {
    salesCaller(res);
    next();
  });

  router.get(
    "/quotes",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      const { state, org_id, q, sort, page, size } = parseInput(salesQuoteListQuery, req.query);
      if (caller.scope.kind !== "contributor") throw new Error("sales caller without a contributor scope");
      const filters = { state, orgId: org_id, q: q || undefined, pendingFirst: sort === "a-traiter" };
      res.json(await listSalesQuotes(db, caller.scope.contributorId, filters, { page, size }, now()));
    }),
  );

  router.get(
    "/quotes/:quoId",
    asyncHandler(async (req, res) => {
      res.json(await answerDetail(db, salesCaller(res), quoteId(req.params.quoId), now()));
    }),
  );

  router.post(
    "/quotes/:quoId/start-study",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      parseInput(quoteCloseRequest, req.body ?? {});
      res.json(await plainMove(deps, caller, quoteId(req.params.quoId), "start_study"));
    }),
  );

  router.post(
    "/quotes/:quoId/ask-information",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      const body = parseInput(quoteAskInformationRequest, req.body);
      res.json(await writeMessage(deps, caller, quoteId(req.params.quoId), "ask_information", body));
    }),
  );

  router.post(
    "/quotes/:quoId/messages",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      const body = parseInput(quoteMessageRequest, req.body);
      res.status(201).json(await writeMessage(deps, caller, quoteId(req.params.quoId), "message", body));
    }),
  );

  router.post(
    "/quotes/:quoId/proposals",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      const request = parseInput(quoteProposalRequest, req.body);
      const instant = now();
      assertProposalShape(request, parisDate(instant));
      const id = quoteId(req.params.quoId);
      const { revised } = await moveQuote(
        db,
        { quoId: id, scope: caller.scope, side: "commercial", action: "propose", now: instant },
        (context) => writeProposal(context, caller, request),
      );
      notify(deps, revised ? "revised" : "proposed", id, caller);
      res.status(201).json(await answerDetail(db, caller, id, instant));
    }),
  );

  router.post(
    "/quotes/:quoId/cancel",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      const { reason } = parseInput(quoteCloseRequest, req.body ?? {});
      res.json(await plainMove(deps, caller, quoteId(req.params.quoId), "cancel", reason));
    }),
  );

  router.get(
    "/quotes/:quoId/attachments/:attId",
    asyncHandler(async (req, res) => {
      const caller = salesCaller(res);
      await sendAttachment(db, res, caller.scope, parseIdParam(req.params.quoId), parseIdParam(req.params.attId));
    }),
  );

  return router;
}
