import { describe, expect, it } from "vitest";
import {
  approvalReasons,
  approvalReasonShort,
  approvalReasonText,
  approvalReasonTextForApprover,
  budgetRemaining,
  monthOf,
  NO_RULES,
  type ApprovalReason,
  type PurchasingStanding,
} from "@shared/domain/purchasing-rules";

/** Issue 37: who may place an order of a given amount, and why the others must ask. */
const standing = (over: Partial<PurchasingStanding>): PurchasingStanding => ({ ...NO_RULES, ...over });

describe("purchasing rules", () => {
  it("lets anyone with the orders right order anything when there is no rule", () => {
    expect(approvalReasons(NO_RULES, 99_999_999)).toEqual([]);
    expect(budgetRemaining(NO_RULES)).toBeNull();
  });

  it("sends every order of a person without the orders right for approval", () => {
    expect(approvalReasons(standing({ canOrder: false }), 100)).toEqual([{ code: "no_order_right" }]);
  });

  it("passes an order of exactly the limit and stops one cent above", () => {
    const buyer = standing({ orderLimit: 200_000 });
    expect(approvalReasons(buyer, 200_000)).toEqual([]);
    expect(approvalReasons(buyer, 200_001)).toEqual([{ code: "order_limit", limit: 200_000 }]);
  });

  it("applies the organization's threshold", () => {
    expect(approvalReasons(standing({ threshold: 500_000 }), 500_001)).toEqual([{ code: "org_threshold", threshold: 500_000 }]);
    expect(approvalReasons(standing({ threshold: 500_000 }), 500_000)).toEqual([]);
  });

  it("counts the month's orders against the budget", () => {
    const buyer = standing({ monthlyBudget: 300_000, spentThisMonth: 250_000 });
    expect(budgetRemaining(buyer)).toBe(50_000);
    expect(approvalReasons(buyer, 50_000)).toEqual([]);
    expect(approvalReasons(buyer, 50_001)).toEqual([{ code: "monthly_budget", budget: 300_000, remaining: 50_000 }]);
    expect(budgetRemaining(standing({ monthlyBudget: 100, spentThisMonth: 400 }))).toBe(0);
  });

  it("gives every reason at once, in a fixed order", () => {
    const all = approvalReasons(standing({ canOrder: false, orderLimit: 10, threshold: 10, monthlyBudget: 10 }), 11);
    expect(all.map((reason) => reason.code)).toEqual(["no_order_right", "order_limit", "org_threshold", "monthly_budget"]);
  });

  it("says each reason in French, to the requester and to the approver", () => {
    const reasons: ApprovalReason[] = [
      { code: "no_order_right" },
      { code: "order_limit", limit: 200_000 },
      { code: "org_threshold", threshold: 500_000 },
      { code: "monthly_budget", budget: 300_000, remaining: 50_000 },
    ];
    expect(reasons.map(approvalReasonText)).toEqual([
      "Votre compte ne permet pas de passer commande : la commande doit être validée.",
      "La commande dépasse votre limite de 2\u202f000,00\u00a0€ HT par commande.",
      "Toute commande de plus de 5\u202f000,00\u00a0€ HT doit être validée dans votre organisation.",
      "La commande dépasse ce qui reste de votre budget du mois (500,00\u00a0€ HT sur 3\u202f000,00\u00a0€ HT).",
    ]);
    expect(reasons.map(approvalReasonTextForApprover)).toEqual([
      "Le demandeur n'a pas le droit de passer commande.",
      "Au-dessus de sa limite de 2\u202f000,00\u00a0€ HT par commande.",
      "Au-dessus du seuil de validation de l'organisation (5\u202f000,00\u00a0€ HT).",
      "Au-delà de son budget du mois : restait 500,00\u00a0€ HT sur 3\u202f000,00\u00a0€ HT.",
    ]);
  });

  it("says a reason without its amounts", () => {
    expect((["no_order_right", "order_limit", "org_threshold", "monthly_budget"] as const).map(approvalReasonShort)).toEqual([
      "pas le droit de commander",
      "limite par commande dépassée",
      "seuil de validation de l'organisation dépassé",
      "budget du mois dépassé",
    ]);
  });

  it("knows a month's first and last day", () => {
    expect(monthOf("2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthOf("2028-02-03")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-31")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});
