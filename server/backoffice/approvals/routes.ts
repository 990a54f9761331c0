import { Router } from "express";
import {
  approvalListQuery,
  approveRequest as approveBody,
  createApprovalRequest,
  purchasingRules,
  purchasingStanding,
  refuseApprovalRequest,
  saveRulesRequest,
} from "@shared/contracts/approvals";
import { confirmQuery, order as orderSchema } from "@shared/contracts/api";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import { authorOf, hasFlag, requireFlag, sessionOf, type Session } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { StaleCartVersion, cartConflictNow } from "../oms/cart-store";
import { cartCatalogue } from "../oms/cart-catalogue";
import { conflictFor } from "../oms/cart-view";
import { loadOrder, withoutAmounts } from "../oms/order-view";
import { approveRequest, refuseRequest, withdrawRequest, type Decider } from "./decide";
import { requestApproval, selectApprovals, summaryOf } from "./requests";
import {
  purchasingOrg,
  readRules,
  requireDecider,
  requireRulesEditor,
  requireRulesManager,
  standingOf,
  standingView,
  writeRules,
  approverIds,
} from "./rules";
import { listRequests, pendingFor, requestDetail } from "./views";

/**
 * The customer's purchasing rules and approval requests (docs/approvals.md,
 * docs/backoffice-api.md « Approvals »): /api/purchasing/:orgId/{rules,standing},
 * /api/oms/cart/:orgId/approval-requests, /api/approvals/:orgId[/:id[/approve|refuse|withdraw]].
 * Another organization's id or request is a 404; a request is its requester's and its approvers'.
 */

/** The query names the author as the confirmation's does; a usr_id that is neither the user nor the master is refused. */
function checkAuthorQuery(session: Session, query: unknown): void {
  const parsed = parseInput(confirmQuery, query);
  if (parsed.usr_id !== session.user.id && parsed.usr_id !== session.master?.id) throw notFound();
}

async function summaryFor(deps: CatalogueServiceDeps, session: Session, id: number) {
  const row = await selectApprovals(deps.db).where("a.id", "=", id).where("a.org_id", "=", session.org.id).executeTakeFirstOrThrow();
  return summaryOf(row, hasFlag(session, "prices"));
}

/**
 * The caller deciding: an approver of the organization (anyone else finds no such request: 404),
 * themselves rather than a contributor acting for them (403). Checked before the body is read.
 */
async function deciderOf(db: CatalogueServiceDeps["db"], session: Session): Promise<Decider> {
  if (!(await approverIds(db, session.org.id)).includes(session.user.id)) throw notFound();
  requireDecider(session);
  return { org: session.org, userId: session.user.id, name: authorOf(session).name };
}

export function purchasingRouter(deps: CatalogueServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  router.get(
    "/:orgId/rules",
    asyncHandler(async (req, res) => {
      const orgId = requireRulesManager(sessionOf(res), parseIdParam(req.params.orgId));
      res.json(purchasingRules.parse(await readRules(db, orgId, parisDate(now()))));
    }),
  );

  router.put(
    "/:orgId/rules",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const orgId = requireRulesEditor(session, parseIdParam(req.params.orgId));
      const body = parseInput(saveRulesRequest, req.body);
      const instant = now();
      await writeRules(db, orgId, body, authorOf(session).name, instant);
      res.json(purchasingRules.parse(await readRules(db, orgId, parisDate(instant))));
    }),
  );

  router.get(
    "/:orgId/standing",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      purchasingOrg(session, parseIdParam(req.params.orgId));
      // One read of who approves: the badge's count follows the standing's answer.
      const standing = await standingOf(db, session, parisDate(now()));
      res.json(purchasingStanding.parse(standingView(standing, await pendingFor(db, session, standing.isApprover))));
    }),
  );
  return router;
}

/** POST /api/oms/cart/:orgId/approval-requests: mounted under /oms beside the confirmation. */
export function approvalRequestRouter(deps: CatalogueServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();
  router.post(
    "/cart/:orgId/approval-requests",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      purchasingOrg(session, parseIdParam(req.params.orgId));
      // Preparing the order is the cart's right; approval gives the right to order.
      requireFlag(session, "cart");
      checkAuthorQuery(session, req.query);
      const body = parseInput(createApprovalRequest, req.body);
      const instant = now();
      const today = parisDate(instant);
      const created = await requestApproval(db, {
        org: session.org,
        user: session.user,
        canOrder: hasFlag(session, "orders"),
        requesterName: authorOf(session).name,
        body,
        checkTotals: hasFlag(session, "prices"),
        today,
        now: instant,
        alerts: deps.alerts,
      }).catch(async (error: unknown) => {
        if (!(error instanceof StaleCartVersion)) throw error;
        throw conflictFor(session, await cartConflictNow(db, session.org.id, (await cartCatalogue(deps, session.org, today)).rebuild));
      });
      if (!created.replayed) deps.cartVacuum.changed();
      res.status(created.replayed ? 200 : 201).json(await summaryFor(deps, session, created.id));
    }),
  );
  return router;
}

export function approvalsRouter(deps: CatalogueServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  /** The organization's request of the path, for anyone of the organization (each handler checks more). */
  function target(session: Session, params: Record<string, string | undefined>): number {
    purchasingOrg(session, parseIdParam(params.orgId));
    const id = parseIdParam(params.id);
    if (id === null) throw notFound();
    return id;
  }

  router.get(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      purchasingOrg(session, parseIdParam(req.params.orgId));
      res.json(await listRequests(db, session, parseInput(approvalListQuery, req.query)));
    }),
  );

  router.get(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const id = target(session, req.params);
      res.json(await requestDetail(deps, session, id, parisDate(now())));
    }),
  );

  router.post(
    "/:orgId/:id/approve",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const id = target(session, req.params);
      const decider = await deciderOf(db, session);
      checkAuthorQuery(session, req.query);
      const body = parseInput(approveBody, req.body);
      const instant = now();
      const decided = await approveRequest(db, {
        decider,
        id,
        // An approver without `prices` was shown no amount: none to check.
        sentTotalHt: hasFlag(session, "prices") ? body.total_ht : null,
        today: parisDate(instant),
        now: instant,
        alerts: deps.alerts,
      });
      if (decided.created) deps.cartVacuum.changed();
      const placed = await loadOrder(db, session.org.id, decided.orderId);
      if (!placed) throw new Error(`order ${decided.orderId} vanished after commit`);
      res.status(decided.created ? 201 : 200).json({
        approval: await summaryFor(deps, session, id),
        order: orderSchema.parse(hasFlag(session, "prices") ? placed : withoutAmounts(placed)),
        created: decided.created,
      });
    }),
  );

  router.post(
    "/:orgId/:id/refuse",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const id = target(session, req.params);
      const decider = await deciderOf(db, session);
      checkAuthorQuery(session, req.query);
      const body = parseInput(refuseApprovalRequest, req.body);
      await refuseRequest(db, { decider, id, reason: body.reason, now: now(), alerts: deps.alerts });
      res.json(await summaryFor(deps, session, id));
    }),
  );

  router.post(
    "/:orgId/:id/withdraw",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const id = target(session, req.params);
      await withdrawRequest(db, session.org.id, session.user.id, id, now());
      res.json(await summaryFor(deps, session, id));
    }),
  );
  return router;
}
