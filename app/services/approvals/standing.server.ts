import type { PurchasingStandingView } from "@shared/contracts/approvals";
import type { Cart } from "@shared/contracts/entities";
import { accountContextOf, computeTotals, permissionsOf } from "@shared/domain/index";
import {
  NO_RULES,
  approvalReasonText,
  approvalReasons,
  budgetRemaining,
  type ApprovalReason,
  type PurchasingStanding,
} from "@shared/domain/purchasing-rules";
import type { PortalLoadContext } from "~/services/context.server";
import type { ActiveUser } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";
import type { BudgetNoticeView } from "./types";

/**
 * What the buyer's purchasing rules make of the cart as it stands (docs/approvals.md « The
 * flow », 1 and 2): the cart page and the checkout summary show it, the summary offers
 * « Demander la validation » instead of « Confirmer la commande » from it. The back-office
 * decides again on every confirmation and request; this only tells the buyer beforehand.
 */

/** The contract's standing as the domain's rule reads it: the one place the two meet. */
export function standingOf(view: PurchasingStandingView): PurchasingStanding {
  return {
    canOrder: view.can_order,
    orderLimit: view.order_limit,
    monthlyBudget: view.monthly_budget,
    spentThisMonth: view.spent_this_month,
    threshold: view.threshold,
  };
}

/**
 * The caller's standing. A back-office that cannot say (down, refusing) costs the notice, not
 * the page: the `orders` right alone then decides, as before the rules, and the back-office
 * still refuses an order that needs approval (403 approval_required).
 */
export async function loadStanding(context: PortalLoadContext, active: ActiveUser): Promise<PurchasingStanding> {
  const { user, master } = active.session;
  try {
    return standingOf(await active.upstream.approvals.standing(user.auth_org_id));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    context.logger.warn({ orgId: user.auth_org_id, status: error.status, code: error.code }, "purchasing standing unavailable");
    return { ...NO_RULES, canOrder: permissionsOf(user, master).canOrder };
  }
}

export interface ApprovalCheck {
  /** The cart as it stands needs approval: the summary offers the request, not the order. */
  needed: boolean;
  /** Why, as the domain says it; without amounts, only what needs none (the `orders` right). */
  reasons: ApprovalReason[];
  /** The standing and amounts the notice draws from (null: amounts not shown to this person). */
  budget: BudgetNoticeView["budget"];
}

export interface ApprovalCheckInput {
  standing: PurchasingStanding;
  /** The cart with today's shipping lines, as the summary shows it and the confirmation sends it. */
  cart: Cart;
  active: ActiveUser;
  /** The cart's amounts are shown to this person (the `prices` right, a priced cart). */
  showAmounts: boolean;
  /** The back-office already said this cart needs approval (a refused confirmation). */
  forced?: boolean;
}

/**
 * Whether the cart needs approval, from its HT total (ord_total_ht: shipping included, ecotax
 * not, as the confirmation sends it). A person shown no amounts has a cart whose amounts the
 * portal does not know (decision 0131): only the missing `orders` right can be told then, and
 * the back-office's refusal of the confirmation (`forced`) says the rest.
 */
export function approvalCheck({ standing, cart, active, showAmounts, forced = false }: ApprovalCheckInput): ApprovalCheck {
  if (!showAmounts) {
    const reasons: ApprovalReason[] = standing.canOrder ? [] : [{ code: "no_order_right" }];
    return { needed: forced || reasons.length > 0, reasons, budget: null };
  }
  const ht = computeTotals(cart, accountContextOf(active.session.user)).ht;
  const reasons = approvalReasons(standing, ht);
  const remaining = budgetRemaining(standing);
  const budget = standing.monthlyBudget !== null && remaining !== null ? { remaining, total: standing.monthlyBudget } : null;
  return { needed: forced || reasons.length > 0, reasons, budget };
}

/** What the cart and the summary show: nothing without a budget when the cart may be ordered as it stands. */
export function budgetNoticeOf(check: ApprovalCheck): BudgetNoticeView | null {
  if (check.budget === null && !check.needed) return null;
  return {
    budget: check.budget,
    needsApproval: check.needed,
    reasons: check.reasons.map((reason) => ({ code: reason.code, text: approvalReasonText(reason) })),
  };
}
