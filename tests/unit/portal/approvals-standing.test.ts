import { describe, expect, it } from "vitest";
import type { PurchasingStandingView } from "@shared/contracts/approvals";
import { NO_RULES, approvalReasonText, type PurchasingStanding } from "@shared/domain/purchasing-rules";
import { approvalCheck, budgetNoticeOf, loadStanding, standingOf } from "~/services/approvals/index.server";
import type { PortalLoadContext } from "~/services/context.server";
import { MAX_AMOUNT_CENTS, optionalEurosField, parseEuros } from "~/services/forms/fields.server";
import type { ActiveUser } from "~/services/guards.server";
import { UpstreamError } from "~/services/upstream/index.server";
import { cartOf, line, user } from "../domain/fixtures";

/**
 * The portal's side of the purchasing rules (app/services/approvals/standing.server.ts): the
 * contract's standing read by the domain's rule, what the cart and the summary show, and the
 * euros a form sets (app/services/forms/fields.server.ts).
 */

const VIEW: PurchasingStandingView = {
  can_order: true,
  order_limit: 200_000,
  monthly_budget: 300_000,
  spent_this_month: 175_000,
  threshold: 500_000,
  is_approver: false,
  pending_for_me: 0,
};

const buyer = user({ obj_class: "people", obj_id: 7, obj_name: "Maël Kerjean", auth_org_id: 1 });
const activeOf = (standing: (orgId: number) => Promise<PurchasingStandingView>, who = buyer): ActiveUser =>
  ({ session: { sid: "s", user: who, master: null, token: "t" }, upstream: { approvals: { standing } } }) as unknown as ActiveUser;
const active = activeOf(() => Promise.resolve(VIEW));

/** A cart of `euros` HT (one line, no ecotax, no shipping line). */
const cartOfHt = (cents: number) => cartOf([line({ prd_price_selling: cents, prc_price: cents, qty: 1 })]);

const warnings: unknown[] = [];
const context = { logger: { warn: (entry: unknown) => warnings.push(entry) } } as unknown as PortalLoadContext;

describe("the standing", () => {
  it("maps the contract's snake_case to the domain's standing, in one place", () => {
    expect(standingOf(VIEW)).toEqual({
      canOrder: true,
      orderLimit: 200_000,
      monthlyBudget: 300_000,
      spentThisMonth: 175_000,
      threshold: 500_000,
    });
  });

  it("is the back-office's, or the `orders` right alone when the back-office cannot say", async () => {
    expect(await loadStanding(context, active)).toEqual(standingOf(VIEW));
    const down = activeOf(() => Promise.reject(new UpstreamError(503, "unavailable", "Service indisponible.")));
    expect(await loadStanding(context, down)).toEqual(NO_RULES);
    const storekeeper = user({ obj_class: "people", obj_properties: { auth: { orders: false } } });
    const downForStorekeeper = activeOf(() => Promise.reject(new UpstreamError(404, "not_found", "Introuvable.")), storekeeper);
    expect(await loadStanding(context, downForStorekeeper)).toEqual({ ...NO_RULES, canOrder: false });
    expect(warnings).toHaveLength(2);
    const bug = activeOf(() => Promise.reject(new TypeError("bug")));
    await expect(loadStanding(context, bug)).rejects.toThrow("bug");
  });
});

describe("what the cart and the summary say", () => {
  const standing = standingOf(VIEW);

  it("nothing without a rule and with the right to order", () => {
    const check = approvalCheck({ standing: NO_RULES, cart: cartOfHt(900_000), active, showAmounts: true });
    expect(check).toEqual({ needed: false, reasons: [], budget: null });
    expect(budgetNoticeOf(check)).toBeNull();
  });

  it("the budget left when the cart passes; the request and why when it does not", () => {
    const within = approvalCheck({ standing, cart: cartOfHt(125_000), active, showAmounts: true });
    expect(budgetNoticeOf(within)).toEqual({ budget: { remaining: 125_000, total: 300_000 }, needsApproval: false, reasons: [] });
    const above = approvalCheck({ standing, cart: cartOfHt(250_000), active, showAmounts: true });
    const reasons = [
      { code: "order_limit", limit: 200_000 },
      { code: "monthly_budget", budget: 300_000, remaining: 125_000 },
    ] as const;
    expect(above.needed).toBe(true);
    expect(budgetNoticeOf(above)?.reasons).toEqual(reasons.map((reason) => ({ code: reason.code, text: approvalReasonText(reason) })));
  });

  it("an order of exactly what remains passes", () => {
    expect(approvalCheck({ standing, cart: cartOfHt(125_000), active, showAmounts: true }).needed).toBe(false);
    expect(approvalCheck({ standing, cart: cartOfHt(125_001), active, showAmounts: true }).needed).toBe(true);
  });

  it("without amounts: only the missing `orders` right, no budget; the back-office's refusal says the rest", () => {
    const noOrders: PurchasingStanding = { ...standing, canOrder: false };
    const hidden = approvalCheck({ standing: noOrders, cart: cartOfHt(0), active, showAmounts: false });
    expect(hidden).toEqual({ needed: true, reasons: [{ code: "no_order_right" }], budget: null });
    expect(approvalCheck({ standing, cart: cartOfHt(0), active, showAmounts: false })).toEqual({
      needed: false,
      reasons: [],
      budget: null,
    });
    expect(budgetNoticeOf(approvalCheck({ standing, cart: cartOfHt(0), active, showAmounts: false }))).toBeNull();
    const forced = approvalCheck({ standing, cart: cartOfHt(0), active, showAmounts: false, forced: true });
    expect(budgetNoticeOf(forced)).toEqual({ budget: null, needsApproval: true, reasons: [] });
  });
});

describe("euros typed in a form", () => {
  it("reads the French ways of writing an amount", () => {
    expect(parseEuros("5 000")).toBe(500_000);
    expect(parseEuros("5\u202f000,00 €")).toBe(500_000);
    expect(parseEuros("1 234,5")).toBe(123_450);
    expect(parseEuros("12.50")).toBe(1250);
    expect(parseEuros("-5")).toBeNull();
    expect(parseEuros("12,345")).toBeNull();
    expect(parseEuros("douze")).toBeNull();
  });

  const field = optionalEurosField("Limite par commande");

  it("an optional amount: empty is none, absent is left as saved", () => {
    expect(field.parse("")).toBeNull();
    expect(field.parse("   ")).toBeNull();
    expect(field.parse(undefined)).toBeUndefined();
    expect(field.parse(" 2 000,00 ")).toBe(200_000);
    expect(field.parse("100 000 000")).toBe(MAX_AMOUNT_CENTS);
  });

  it.each([
    ["-20", "Limite par commande : un montant ne peut pas être négatif."],
    ["2 000,005", "Limite par commande : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00)."],
    ["deux mille", "Limite par commande : montant invalide, indiquez des euros (par exemple 2 000 ou 2 000,00)."],
    ["100 000 000,01", "Limite par commande : montant trop élevé (au plus 100 000 000,00 €)."],
  ])("refuses « %s » in French", (typed, message) => {
    const parsed = field.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
