import { Router, type RequestHandler } from "express";
import {
  accountOpeningRequest,
  accountRequestListQuery,
  accountRequestReceipt,
  contactListQuery,
  contactReceipt,
  contactRequest,
  moveAccountRequest,
} from "@shared/contracts/requests";
import { asyncHandler } from "../http/async-handler";
import { ApiFailure } from "../http/errors";
import type { ServiceDeps } from "../http/deps";
import { requireService, serviceOf } from "../http/service";
import { requireSession, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import {
  listAccountRequests,
  moveAccountRequest as moveRequest,
  readAccountRequest,
  submitAccountRequest,
  type AccountRequestDeps,
} from "./account-requests";
import { listContacts, sendContact, type ContactDeps } from "./contact";

/**
 * The visitors' side (docs/backoffice-api.md « Requests »): a contact message and an account
 * opening request, public. A contact message sent with a bearer token is tied to its account;
 * a token that is sent must be valid (401 otherwise), as on every other call.
 */
export function publicRequestsRouter(deps: ServiceDeps, contact: ContactDeps, accounts: AccountRequestDeps): Router {
  const router = Router();
  const session = requireSession(deps);
  const optionalSession: RequestHandler = (req, res, next) => (req.get("authorization") ? session(req, res, next) : next());

  router.post(
    "/crm/contact-requests",
    optionalSession,
    asyncHandler(async (req, res) => {
      const body = parseInput(contactRequest, req.body);
      const caller = (res.locals.session as Session | undefined) ?? null;
      res.status(201).json(contactReceipt.parse(await sendContact(contact, body, caller, deps.now())));
    }),
  );

  router.post(
    "/crm/account-requests",
    asyncHandler(async (req, res) => {
      const body = parseInput(accountOpeningRequest, req.body);
      res.status(201).json(accountRequestReceipt.parse(await submitAccountRequest(accounts, body, deps.now())));
    }),
  );

  return router;
}

const unknownRequest = () => new ApiFailure(404, "unknown_account_request", "Aucune demande d'ouverture de compte ne porte ce numéro.");

/** The distributor's systems, with a service token (decision 0102): read and move the requests. */
export function serviceRequestsRouter(deps: ServiceDeps, accounts: AccountRequestDeps): Router {
  const router = Router();
  router.use(["/erp/account-requests", "/erp/contact-requests"], requireService(deps));

  router.get(
    "/erp/account-requests",
    asyncHandler(async (req, res) => {
      const query = parseInput(accountRequestListQuery, req.query);
      res.json({ items: await listAccountRequests(deps.db, query) });
    }),
  );

  router.get(
    "/erp/account-requests/:id",
    asyncHandler(async (req, res) => {
      const id = parseIdParam(req.params.id);
      if (id === null) throw unknownRequest();
      res.json(await readAccountRequest(deps.db, id));
    }),
  );

  router.post(
    "/erp/account-requests/:id/state",
    asyncHandler(async (req, res) => {
      const id = parseIdParam(req.params.id);
      if (id === null) throw unknownRequest();
      const move = parseInput(moveAccountRequest, req.body);
      res.json(await moveRequest(accounts, id, move, serviceOf(res), deps.now()));
    }),
  );

  router.get(
    "/erp/contact-requests",
    asyncHandler(async (req, res) => {
      const { limit } = parseInput(contactListQuery, req.query);
      res.json({ items: await listContacts(deps.db, limit) });
    }),
  );

  return router;
}
