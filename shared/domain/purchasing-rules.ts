import { formatEuros } from "./french-format";

/**
 * The customer's purchasing rules (issue 37, docs/approvals.md): a limit per order and a
 * monthly budget per person, and an amount above which every order of the organization needs
 * approval. One pure function says whether an order of a given amount (HT) may be placed by
 * a person or must be sent for approval, and why; the back-office enforces it and the pages
 * show it with the same function.
 */

export type ApprovalReason =
  | { code: "no_order_right" }
  | { code: "order_limit"; limit: number }
  | { code: "org_threshold"; threshold: number }
  | { code: "monthly_budget"; budget: number; remaining: number };

export type ApprovalReasonCode = ApprovalReason["code"];

/** What applies to one person when they order (amounts in cents HT). */
export interface PurchasingStanding {
  /** The person's `orders` right. */
  canOrder: boolean;
  /** At most this much per order, or null (no limit). */
  orderLimit: number | null;
  /** At most this much of orders in a calendar month, or null (no budget). */
  monthlyBudget: number | null;
  /** The HT total of the person's orders this month, cancelled ones excluded. */
  spentThisMonth: number;
  /** The organization's approval threshold as it applies to this person: null for an approver, or when none. */
  threshold: number | null;
}

/** No rule at all: today's behaviour (an order needs only the `orders` right). */
export const NO_RULES: PurchasingStanding = { canOrder: true, orderLimit: null, monthlyBudget: null, spentThisMonth: 0, threshold: null };

/** What remains of the month's budget (never below 0), or null without a budget. */
export function budgetRemaining(standing: PurchasingStanding): number | null {
  if (standing.monthlyBudget === null) return null;
  return Math.max(0, standing.monthlyBudget - standing.spentThisMonth);
}

/**
 * Why an order of `orderHt` cents HT needs approval, in the order they are shown; an empty
 * list means the person may place it. A limit or threshold is exceeded strictly above it: an
 * order of exactly the limit passes.
 */
export function approvalReasons(standing: PurchasingStanding, orderHt: number): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (!standing.canOrder) reasons.push({ code: "no_order_right" });
  if (standing.orderLimit !== null && orderHt > standing.orderLimit) reasons.push({ code: "order_limit", limit: standing.orderLimit });
  if (standing.threshold !== null && orderHt > standing.threshold) reasons.push({ code: "org_threshold", threshold: standing.threshold });
  const remaining = budgetRemaining(standing);
  if (standing.monthlyBudget !== null && remaining !== null && orderHt > remaining) {
    reasons.push({ code: "monthly_budget", budget: standing.monthlyBudget, remaining });
  }
  return reasons;
}

/** The sentence the cart, the summary, the request and its e-mail show for a reason. */
export function approvalReasonText(reason: ApprovalReason): string {
  switch (reason.code) {
    case "no_order_right":
      return "Votre compte ne permet pas de passer commande : la commande doit être validée.";
    case "order_limit":
      return `La commande dépasse votre limite de ${formatEuros(reason.limit)} HT par commande.`;
    case "org_threshold":
      return `Toute commande de plus de ${formatEuros(reason.threshold)} HT doit être validée dans votre organisation.`;
    case "monthly_budget":
      return `La commande dépasse ce qui reste de votre budget du mois (${formatEuros(reason.remaining)} HT sur ${formatEuros(reason.budget)} HT).`;
  }
}

/** The same reason as the approver reads it (third person). */
export function approvalReasonTextForApprover(reason: ApprovalReason): string {
  switch (reason.code) {
    case "no_order_right":
      return "Le demandeur n'a pas le droit de passer commande.";
    case "order_limit":
      return `Au-dessus de sa limite de ${formatEuros(reason.limit)} HT par commande.`;
    case "org_threshold":
      return `Au-dessus du seuil de validation de l'organisation (${formatEuros(reason.threshold)} HT).`;
    case "monthly_budget":
      return `Au-delà de son budget du mois : restait ${formatEuros(reason.remaining)} HT sur ${formatEuros(reason.budget)} HT.`;
  }
}

/** The first and last day (inclusive) of the calendar month of `today` (YYYY-MM-DD), Paris dates. */
export function monthOf(today: string): { from: string; to: string } {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

/** A reason without its amounts: e-mails and readers without the `prices` right. */
export function approvalReasonShort(code: ApprovalReasonCode): string {
  switch (code) {
    case "no_order_right":
      return "pas le droit de commander";
    case "order_limit":
      return "limite par commande dépassée";
    case "org_threshold":
      return "seuil de validation de l'organisation dépassé";
    case "monthly_budget":
      return "budget du mois dépassé";
  }
}
