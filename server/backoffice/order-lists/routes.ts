import { Router, type Request, type Response } from "express";
import {
  addListLinesRequest,
  createOrderListRequest,
  importListLinesRequest,
  replaceListLinesRequest,
  updateOrderListRequest,
  type ImportListLinesResponse,
  type OrderListsResponse,
} from "@shared/contracts/order-lists";
import { parisDate } from "@shared/domain/index";
import { asyncHandler } from "../http/async-handler";
import type { CatalogueServiceDeps } from "../http/deps";
import { hasFlag, sessionOf } from "../http/session";
import { parseIdParam, parseInput } from "../http/validate";
import { listActor, requireEditor, visibleList, type ListActor } from "./access";
import { importLines } from "./import";
import { addLines, createList, deleteList, replaceLines, updateList } from "./store";
import { listDetail, listSummaries } from "./view";

/**
 * /api/order-lists/:orgId… (shared/contracts/order-lists.ts, docs/order-lists.md): the `cart`
 * right, the acting organization, and who sees and changes a list (access.ts, decision 0194).
 */
export function orderListsRouter(deps: CatalogueServiceDeps): Router {
  const { db, now } = deps;
  const router = Router();

  async function detail(actor: ListActor, showPrices: boolean, id: number) {
    return listDetail(deps, actor, id, { today: parisDate(now()), showPrices });
  }

  /** The list of the path, for a caller who may change it (404 unseen, 403 not theirs to change). */
  async function editable(req: Request, res: Response) {
    const session = sessionOf(res);
    const actor = listActor(session, parseIdParam(req.params.orgId));
    const list = await visibleList(db, actor, parseIdParam(req.params.id));
    requireEditor(actor, list);
    return { actor, list, answer: () => detail(actor, hasFlag(session, "prices"), list.id) };
  }

  router.get(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const actor = listActor(sessionOf(res), parseIdParam(req.params.orgId));
      res.json({ items: await listSummaries(db, actor) } satisfies OrderListsResponse);
    }),
  );

  router.post(
    "/:orgId",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const actor = listActor(session, parseIdParam(req.params.orgId));
      const body = parseInput(createOrderListRequest, req.body);
      const id = await createList(db, actor, body, now());
      res.status(201).json(await detail(actor, hasFlag(session, "prices"), id));
    }),
  );

  router.get(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const session = sessionOf(res);
      const actor = listActor(session, parseIdParam(req.params.orgId));
      const list = await visibleList(db, actor, parseIdParam(req.params.id));
      res.json(await detail(actor, hasFlag(session, "prices"), list.id));
    }),
  );

  router.patch(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const { list, answer } = await editable(req, res);
      await updateList(db, list.id, parseInput(updateOrderListRequest, req.body), now());
      res.json(await answer());
    }),
  );

  router.delete(
    "/:orgId/:id",
    asyncHandler(async (req, res) => {
      const { list } = await editable(req, res);
      await deleteList(db, list.id);
      res.status(204).end();
    }),
  );

  router.put(
    "/:orgId/:id/lines",
    asyncHandler(async (req, res) => {
      const { list, answer } = await editable(req, res);
      await replaceLines(db, list.id, parseInput(replaceListLinesRequest, req.body).lines, now());
      res.json(await answer());
    }),
  );

  router.post(
    "/:orgId/:id/lines",
    asyncHandler(async (req, res) => {
      const { list, answer } = await editable(req, res);
      await addLines(db, list.id, parseInput(addListLinesRequest, req.body).lines, now());
      res.json(await answer());
    }),
  );

  router.post(
    "/:orgId/:id/import",
    asyncHandler(async (req, res) => {
      const { actor, list, answer } = await editable(req, res);
      const body = parseInput(importListLinesRequest, req.body);
      const { added, refused } = await importLines(deps, actor.org.id, list.id, body, now());
      res.json({ list: await answer(), added, refused } satisfies ImportListLinesResponse);
    }),
  );

  return router;
}
