import { z } from "zod";
import { order } from "./api";
import { cartAnswer, orderTotals } from "./entities";
import { cents, isoDateTime, note, pageOf } from "./primitives";

/**
 * The customer's purchasing rules and the orders that wait for an approver (issue 37,
 * docs/approvals.md, decisions 0191–0193). The organization's administrators set the rules
 * (GET/PUT /api/purchasing/:orgId/rules); every person reads what applies to them
 * (GET /api/purchasing/:orgId/standing); a cart that needs approval becomes a request
 * (POST /api/oms/cart/:orgId/approval-requests) that an approver approves (the order is placed
 * then, at that day's prices) or refuses with a reason (/api/approvals/:orgId/…).
 */

const amount = cents.min(0, "Un montant ne peut pas être négatif.").max(100_000_000_00, "Montant trop élevé.");

export const APPROVERS_MODES = ["administrators", "named"] as const;
export const approversMode = z.enum(APPROVERS_MODES, "Choisissez qui valide : les administrateurs ou des personnes désignées.");
export type ApproversMode = z.infer<typeof approversMode>;

export const APPROVAL_REASON_CODES = ["no_order_right", "order_limit", "org_threshold", "monthly_budget"] as const;
export const approvalReason = z.discriminatedUnion("code", [
  z.object({ code: z.literal("no_order_right") }).strict(),
  z.object({ code: z.literal("order_limit"), limit: cents }).strict(),
  z.object({ code: z.literal("org_threshold"), threshold: cents }).strict(),
  z.object({ code: z.literal("monthly_budget"), budget: cents, remaining: cents }).strict(),
]);

// ---- rules: GET and PUT /api/purchasing/:orgId/rules (the organization's administrators) ----

/** One person of the organization as the rules page lists them. */
export const purchaserRules = z
  .object({
    usr_id: z.number().int().positive(),
    name: z.string(),
    title: z.string(),
    login: z.string(),
    /** The `orders` right: without it every order of theirs goes for approval. */
    can_order: z.boolean(),
    /** An administrator (the organization's account, or a person who manages users). */
    is_admin: z.boolean(),
    /** Among the named approvers (meaningful when `approvers` is "named"). */
    is_named_approver: z.boolean(),
    order_limit: cents.nullable(),
    monthly_budget: cents.nullable(),
    /** HT total of their orders this calendar month (cancelled excluded). */
    spent_this_month: cents,
  })
  .strict();
export type PurchaserRules = z.infer<typeof purchaserRules>;

export const purchasingRules = z
  .object({
    /** Every order above this (HT) needs approval, whoever places it (approvers excepted); null: none. */
    approval_threshold: cents.nullable(),
    approvers: approversMode,
    people: z.array(purchaserRules),
    updated_at: isoDateTime.nullable(),
    updated_by: z.string().nullable(),
  })
  .strict();
export type PurchasingRules = z.infer<typeof purchasingRules>;

export const saveRulesRequest = z
  .object({
    approval_threshold: amount.nullable(),
    approvers: approversMode,
    /** People accounts of the organization named as approvers (with "named"; at least one then). */
    named_approvers: z.array(z.number().int().positive()).max(500),
    people: z
      .array(z.object({ usr_id: z.number().int().positive(), order_limit: amount.nullable(), monthly_budget: amount.nullable() }).strict())
      .max(500),
  })
  .strict();
export type SaveRulesRequest = z.infer<typeof saveRulesRequest>;

// ---- standing: GET /api/purchasing/:orgId/standing (the caller) ----

export const purchasingStanding = z
  .object({
    can_order: z.boolean(),
    order_limit: cents.nullable(),
    monthly_budget: cents.nullable(),
    spent_this_month: cents,
    /** The organization's threshold as it applies to the caller: null for an approver or without one. */
    threshold: cents.nullable(),
    /** The caller approves others' requests (shows the approvals page's « À valider »). */
    is_approver: z.boolean(),
    /** Requests waiting for the caller's decision. */
    pending_for_me: z.number().int().nonnegative(),
  })
  .strict();
export type PurchasingStandingView = z.infer<typeof purchasingStanding>;

// ---- requests ----

export const APPROVAL_STATUSES = ["pending", "approved", "refused", "withdrawn"] as const;
export const approvalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatus>;

/** POST /api/oms/cart/:orgId/approval-requests: as a confirmation, with the totals shown (null: none shown). */
export const createApprovalRequest = z
  .object({
    cart: cartAnswer,
    version: z.number().int().nonnegative(),
    idempotency_key: z.string().min(8).max(100),
    total_ht: cents.nullable(),
    total_ttc: cents.nullable(),
    /** What the requester tells the approver (optional). */
    message: note(0, 1000).optional(),
  })
  .strict();
export type CreateApprovalRequest = z.infer<typeof createApprovalRequest>;

export const approvalSummary = z
  .object({
    id: z.number().int().positive(),
    number: z.string(),
    status: approvalStatus,
    created_at: isoDateTime,
    requester_id: z.number().int().positive(),
    requester_name: z.string(),
    reasons: z.array(approvalReason),
    lines_count: z.number().int().nonnegative(),
    /** HT total when asked; null for a caller without `prices`. */
    total_ht: cents.nullable(),
    decided_at: isoDateTime.nullable(),
    decided_by_name: z.string().nullable(),
    refusal_reason: z.string().nullable(),
    order_id: z.number().int().positive().nullable(),
    order_ref: z.string().nullable(),
  })
  .strict();
export type ApprovalSummary = z.infer<typeof approvalSummary>;

export const approvalListQuery = z
  .object({
    /** "to_decide": waiting for the caller's decision; "mine": the caller's own; "all": the organization's (approvers). */
    scope: z.enum(["to_decide", "mine", "all"], "Liste inconnue.").default("mine"),
    page: z.coerce.number().int().min(1).max(10000).default(1),
  })
  .strict();
export const approvalListResponse = pageOf(approvalSummary);
export type ApprovalListResponse = z.infer<typeof approvalListResponse>;

/** One line of a request: as asked, and as it would be ordered today. */
export const approvalLine = z
  .object({
    product_id: z.number().int().positive(),
    ref: z.string(),
    title: z.string(),
    qty: z.number().int().nonnegative(),
    unit_price_then: cents.nullable(),
    unit_price_now: cents.nullable(),
    line_total_now: cents.nullable(),
    stock_now: z.number().int(),
    /** No longer sold: approving would refuse the order until it is removed. */
    discontinued: z.boolean(),
  })
  .strict();
export type ApprovalLine = z.infer<typeof approvalLine>;

export const approvalDetail = approvalSummary
  .extend({
    message: z.string(),
    lines: z.array(approvalLine),
    /** The cart as asked: delivery, invoicing, instructions (shown as the summary shows them). */
    cart: cartAnswer,
    totals_then: orderTotals.nullable(),
    /** Today's totals; null for a caller without `prices` or when the cart can no longer be ordered. */
    totals_now: orderTotals.nullable(),
    /** Why it cannot be approved as is today (a discontinued line…), in French; empty when it can. */
    problems: z.array(z.string()),
    /** What the caller may do with it. */
    actions: z.object({ approve: z.boolean(), refuse: z.boolean(), withdraw: z.boolean(), restore: z.boolean() }).strict(),
  })
  .strict();
export type ApprovalDetail = z.infer<typeof approvalDetail>;

/** POST /api/approvals/:orgId/:id/refuse */
export const refuseApprovalRequest = z.object({ reason: note(3, 1000) }).strict();

/** POST /api/approvals/:orgId/:id/approve: the totals the approver was shown (null: none). */
export const approveRequest = z.object({ total_ht: cents.nullable() }).strict();

/** The approval and the order it placed (`created` false when a concurrent approval placed it first). */
export const approveResponse = z.object({ approval: approvalSummary, order, created: z.boolean() }).strict();
export type ApproveResponse = z.infer<typeof approveResponse>;

// ---- the distributor's systems: PUT /api/erp/purchasing-rules/:customerRef (service token) ----

/** The same rules, people named by their login (the ERP knows no portal id); people left out keep theirs. */
export const erpRulesRequest = z
  .object({
    approval_threshold: amount.nullable(),
    approvers: approversMode,
    named_approvers: z.array(z.string().trim().toLowerCase().min(3).max(120)).max(500).default([]),
    people: z
      .array(
        z
          .object({
            login: z.string().trim().toLowerCase().min(3).max(120),
            order_limit: amount.nullable(),
            monthly_budget: amount.nullable(),
          })
          .strict(),
      )
      .max(500)
      .default([]),
  })
  .strict();
export type ErpRulesRequest = z.infer<typeof erpRulesRequest>;
