/** What routes and other features use of the purchasing rules and approvals (app/services/approvals/, docs/approvals.md). */
export { approvalCheck, budgetNoticeOf, loadStanding, standingOf } from "./standing.server";
export type { ApprovalCheck } from "./standing.server";
export type { PurchasingStanding } from "@shared/domain/purchasing-rules";
export { RULES_PATH, loadRules, readRulesForm, requireRulesPageUser, rulesAction } from "./rules.server";
export type { RulesUser } from "./rules.server";
