import type { ApprovalListResponse } from "@shared/contracts/approvals";
import { asRouteError } from "~/services/route-errors.server";
import { APPROVAL_PAGE_PARAMS, type ApprovalListSection, type ApprovalListView } from "./request-types";
import type { ApprovalsUser } from "./request-user.server";
import { approvalRow, type ReasonReader } from "./request-views.server";

/**
 * A list's `?page=` read leniently, as the account pages do (decision 0105): anything but a
 * positive whole number is the first page; a page past the last shows « Aucune demande sur
 * cette page. » with the links back.
 */
function pageOf(url: URL, name: string): number {
  const raw = url.searchParams.get(name) ?? "";
  if (!/^\d{1,5}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

function sectionOf(answer: ApprovalListResponse, page: number, reader: ReasonReader, query: string): ApprovalListSection {
  return {
    rows: answer.items.map((summary) => approvalRow(summary, reader)),
    total: answer.total,
    page,
    pageCount: Math.max(1, Math.ceil(answer.total / Math.max(1, answer.size))),
    query,
  };
}

/** The other list's page as a query string, so that paging one list keeps the other where it was. */
function keep(name: string, page: number): string {
  return page > 1 ? new URLSearchParams({ [name]: String(page) }).toString() : "";
}

/**
 * /mon-compte/validations: for an approver, the requests waiting for their decision first;
 * then the caller's own requests, newest first. Amounts only with `prices` (the back-office
 * sends none otherwise).
 */
export async function loadApprovalList(user: ApprovalsUser, url: URL): Promise<ApprovalListView> {
  const { approvals } = user.upstream;
  const toDecidePage = pageOf(url, APPROVAL_PAGE_PARAMS.toDecide);
  const minePage = pageOf(url, APPROVAL_PAGE_PARAMS.mine);
  const [standing, mine] = await Promise.all([
    approvals.standing(user.orgId),
    approvals.list(user.orgId, { scope: "mine", page: minePage }),
  ]).catch(asRouteError);
  const toDecide = standing.is_approver
    ? await approvals.list(user.orgId, { scope: "to_decide", page: toDecidePage }).catch(asRouteError)
    : null;
  return {
    toDecide: toDecide ? sectionOf(toDecide, toDecidePage, "approver", keep(APPROVAL_PAGE_PARAMS.mine, minePage)) : null,
    mine: sectionOf(mine, minePage, "requester", keep(APPROVAL_PAGE_PARAMS.toDecide, standing.is_approver ? toDecidePage : 1)),
    showPrices: user.permissions.canViewPrices,
  };
}
