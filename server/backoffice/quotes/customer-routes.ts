import { Router } from "express";
import {
  quoteAcceptRequest,
  quoteAnswerRequest,
  quoteCloseRequest,
  quoteCreateRequest,
  quoteListQuery,
  quoteMessageRequest,
  type QuoteAcceptResponse,
} from "@shared/contracts/quotes";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { assertActingOrg, requireFlag } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { customerCaller } from "./access";
import { acceptQuote } from "./accept";
import { checkedFile, sendAttachment } from "./attachments";
import { currentCart } from "./cart";
import { createQuote } from "./create";
import { answerDetail, notify, plainMove, writeMessage } from "./moves";
import { listCustomerQuotes } from "./queries";

/**
 * The customer's quotes (docs/quotes.md), mounted at /api/oms behind requireSession: the
 * organization's list, a request, one quote, its thread, the answer to the information asked,
 * the acceptance into the shared cart, the refusal, the cancellation and the files. People
 * accounts need `quotes`; a contributor acts through login-as; another organization's quote
 * does not exist (404).
 */
export function customerQuotesRouter(deps: CatalogueServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();
  const quoteId = (raw: string | undefined) => parseIdParam(raw) ?? 0;

  router.get(
    "/quotes",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      const { org_id, state, from, to, q, page, size } = parseInput(quoteListQuery, req.query);
      assertActingOrg(caller.session, org_id);
      res.json(await listCustomerQuotes(db, org_id, { state, from, to, q: q || undefined }, { page, size }, now()));
    }),
  );

  router.post(
    "/quotes",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      const request = parseInput(quoteCreateRequest, req.body);
      assertActingOrg(caller.session, request.org_id);
      const file = request.attachment ? checkedFile(request.attachment) : null;
      const id = await createQuote(db, { orgId: request.org_id, actor: caller.actor, request, file, now: now() });
      notify(deps, "requested", id, caller);
      res.status(201).json(await answerDetail(db, caller, id, now()));
    }),
  );

  router.get(
    "/quotes/:quoId",
    asyncHandler(async (req, res) => {
      res.json(await answerDetail(db, customerCaller(res), quoteId(req.params.quoId), now()));
    }),
  );

  router.post(
    "/quotes/:quoId/messages",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      const body = parseInput(quoteMessageRequest, req.body);
      res.status(201).json(await writeMessage(deps, caller, quoteId(req.params.quoId), "message", body));
    }),
  );

  router.post(
    "/quotes/:quoId/answer",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      const body = parseInput(quoteAnswerRequest, req.body);
      res.json(await writeMessage(deps, caller, quoteId(req.params.quoId), "answer", body));
    }),
  );

  router.post(
    "/quotes/:quoId/accept",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      // Accepting fills the shared cart: the account must be allowed to change it.
      requireFlag(caller.session, "cart");
      const request = parseInput(quoteAcceptRequest, req.body);
      const id = quoteId(req.params.quoId);
      await acceptQuote(db, id, caller, request, now());
      notify(deps, "accepted", id, caller);
      const [quote, saved] = await Promise.all([answerDetail(db, caller, id, now()), currentCart(deps, caller.session, now())]);
      const answer: QuoteAcceptResponse = { quote, cart: saved.cart, version: saved.version };
      res.json(answer);
    }),
  );

  router.post(
    "/quotes/:quoId/refuse",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      const { reason } = parseInput(quoteCloseRequest, req.body ?? {});
      res.json(await plainMove(deps, caller, quoteId(req.params.quoId), "refuse", reason));
    }),
  );

  router.post(
    "/quotes/:quoId/cancel",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      const { reason } = parseInput(quoteCloseRequest, req.body ?? {});
      res.json(await plainMove(deps, caller, quoteId(req.params.quoId), "cancel", reason));
    }),
  );

  router.get(
    "/quotes/:quoId/attachments/:attId",
    asyncHandler(async (req, res) => {
      const caller = customerCaller(res);
      await sendAttachment(db, res, caller.scope, parseIdParam(req.params.quoId), parseIdParam(req.params.attId));
    }),
  );

  return router;
}
