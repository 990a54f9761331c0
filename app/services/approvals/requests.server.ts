/**
 * What routes use of the approval requests' pages (/mon-compte/validations, docs/approvals.md):
 * the guard, the list, one request and its actions. The purchasing rules' page has its own
 * entry (index.server.ts).
 */
export { approvalAction, APPROVALS_PATH, requestPath } from "./decision.server";
export { loadApprovalList } from "./request-list.server";
export { loadApprovalPage } from "./request-page.server";
export { requireApprovalsUser } from "./request-user.server";
export type { ApprovalsUser } from "./request-user.server";
