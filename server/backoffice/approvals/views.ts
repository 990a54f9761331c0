import type { Kysely } from "kysely";
import type { ApprovalDetail, ApprovalLine, ApprovalListResponse } from "@shared/contracts/approvals";
import type { CartToSave } from "@shared/contracts/api";
import { computeTotals, lineUnitPrice, validateOrder } from "@shared/domain/index";
import type { Database } from "../db/schema";
import type { CatalogueServiceDeps } from "../http/deps";
import { notFound } from "../http/errors";
import { hasFlag, type Session } from "../http/session";
import { cartCatalogue } from "../oms/cart-catalogue";
import { cartFor } from "../oms/cart-view";
import { cartOf, selectApprovals, summaryOf, type ApprovalRow } from "./requests";
import { approverIds } from "./rules";

/** The requests a caller lists and reads (docs/approvals.md): their own, and those they decide. */

const PAGE_SIZE = 20;

export async function listRequests(
  db: Kysely<Database>,
  session: Session,
  query: { scope: "to_decide" | "mine" | "all"; page: number },
): Promise<ApprovalListResponse> {
  const orgId = session.org.id;
  const me = session.user.id;
  const approver = (await approverIds(db, orgId)).includes(me);
  if (query.scope !== "mine" && !approver) return { items: [], total: 0, page: query.page, size: PAGE_SIZE };
  let base = selectApprovals(db).where("a.org_id", "=", orgId);
  if (query.scope === "mine") base = base.where("a.requester_id", "=", me);
  if (query.scope === "to_decide") base = base.where("a.status", "=", "pending").where("a.requester_id", "!=", me);
  const [rows, count] = await Promise.all([
    base
      .orderBy("a.created_at", query.scope === "to_decide" ? "asc" : "desc")
      .orderBy("a.id", "desc")
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const showPrices = hasFlag(session, "prices");
  return { items: rows.map((row) => summaryOf(row, showPrices)), total: Number(count.n), page: query.page, size: PAGE_SIZE };
}

/** Requests waiting for this caller's decision (the standing's badge); `isApprover` as the standing read it. */
export async function pendingFor(db: Kysely<Database>, session: Session, isApprover: boolean): Promise<number> {
  const orgId = session.org.id;
  if (!isApprover) return 0;
  const row = await db
    .selectFrom("approval_requests")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("org_id", "=", orgId)
    .where("status", "=", "pending")
    .where("requester_id", "!=", session.user.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One request, its lines as asked and as they would be ordered today; its requester and the approvers only. */
export async function requestDetail(deps: CatalogueServiceDeps, session: Session, id: number, today: string): Promise<ApprovalDetail> {
  const { db } = deps;
  const orgId = session.org.id;
  const row = await selectApprovals(db).where("a.id", "=", id).where("a.org_id", "=", orgId).executeTakeFirst();
  if (!row) throw notFound();
  const me = session.user.id;
  const approver = (await approverIds(db, orgId)).includes(me);
  const mine = row.requester_id === me;
  if (!mine && !approver) throw notFound();
  const showPrices = hasFlag(session, "prices");
  const asked = cartOf(row);
  const { rebuild, inputs } = await cartCatalogue(deps, session.org, today);
  const now = await rebuild(asked as CartToSave);
  const problems = row.status === "pending" ? orderProblems(now, inputs.account) : [];
  const pending = row.status === "pending";
  const decides = pending && approver && !mine && session.master === null;
  return {
    ...summaryOf(row, showPrices),
    message: row.message,
    lines: linesOf(row, now.products, showPrices),
    cart: cartFor(session, asked),
    totals_then: showPrices ? { ord_total_ht: row.total_ht, ord_total_ecotaxe: row.total_ecotaxe, ord_total_ttc: row.total_ttc } : null,
    totals_now: showPrices && pending && problems.length === 0 ? totalsOf(now, inputs.account) : null,
    problems,
    actions: {
      approve: decides && problems.length === 0,
      refuse: decides,
      withdraw: pending && mine,
      restore: (row.status === "refused" || row.status === "withdrawn") && mine && hasFlag(session, "cart"),
    },
  };
}

type RebuiltCart = Awaited<ReturnType<Awaited<ReturnType<typeof cartCatalogue>>["rebuild"]>>;
type Account = Awaited<ReturnType<typeof cartCatalogue>>["inputs"]["account"];

function orderProblems(cart: RebuiltCart, account: Account): string[] {
  return validateOrder(cart, { account, canOrder: true }).map((problem) => problem.message);
}

function totalsOf(cart: RebuiltCart, account: Account) {
  const totals = computeTotals(cart, account);
  return { ord_total_ht: totals.ht, ord_total_ecotaxe: totals.ecotaxe, ord_total_ttc: totals.ttc };
}

function linesOf(row: ApprovalRow, today: RebuiltCart["products"], showPrices: boolean): ApprovalLine[] {
  const byLine = new Map(today.map((line) => [line.line_id, line]));
  // Shipping is recomputed with the order: the totals carry it, the lines are the products.
  return cartOf(row)
    .products.filter((line) => !line.prd_is_port && line.qty > 0)
    .map((line) => {
      const now = byLine.get(line.line_id);
      const unitNow = now ? lineUnitPrice(now) : null;
      return {
        product_id: line.obj_id,
        ref: line.obj_ref,
        title: line.obj_title,
        qty: line.qty,
        unit_price_then: showPrices ? lineUnitPrice(line) : null,
        unit_price_now: showPrices ? unitNow : null,
        line_total_now: showPrices && unitNow !== null ? unitNow * line.qty : null,
        stock_now: now?.prd_sto_disp ?? 0,
        discontinued: now?.prd_discontinued === true,
      };
    });
}
