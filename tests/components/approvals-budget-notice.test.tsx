// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatEuros } from "@shared/domain/french-format";
import { approvalReasonText } from "@shared/domain/purchasing-rules";
import { BudgetNotice } from "~/components/approvals/BudgetNotice";
import CartPage from "~/routes/_app.mon-panier._index";
import SummaryStep from "~/routes/_app.commander.recapitulatif";
import type { BudgetNoticeView } from "~/services/approvals/types";
import type { SummaryView } from "~/services/checkout/types";
import { CART_VIEW } from "./cart-view-fixtures";

/**
 * The purchasing rules where one buys (issue 37, docs/approvals.md « The flow », 1 and 2): the
 * month's budget and a cart that will end with a request for approval, on the cart page and
 * the checkout summary, whose button becomes « Demander la validation ».
 */

afterEach(cleanup);

const spaced = (value: string | null) => (value ?? "").replace(/\s+/g, " ");

const ORDER_LIMIT = { code: "order_limit", limit: 200_000 } as const;
const BUDGET = { code: "monthly_budget", budget: 300_000, remaining: 125_000 } as const;

function renderNotice(notice: BudgetNoticeView, place: "cart" | "summary" = "cart") {
  return render(<BudgetNotice notice={notice} place={place} />);
}

describe("BudgetNotice", () => {
  it("says what remains of the month's budget, HT, when the cart may be ordered", () => {
    renderNotice({ budget: { remaining: 125_000, total: 300_000 }, needsApproval: false, reasons: [] });
    const notice = screen.getByTestId("budget-notice");
    expect(spaced(screen.getByTestId("budget-remaining").textContent)).toBe(
      spaced(`Budget du mois : ${formatEuros(125_000)} HT restants sur ${formatEuros(300_000)} HT`),
    );
    expect(spaced(notice.textContent)).toContain("Budget du mois : 1 250,00 € HT restants sur 3 000,00 € HT");
    expect(notice.textContent).not.toContain("validée");
  });

  it("says that the cart will end with a request, and why, each reason in its sentence", () => {
    renderNotice({
      budget: { remaining: 125_000, total: 300_000 },
      needsApproval: true,
      reasons: [ORDER_LIMIT, BUDGET].map((reason) => ({ code: reason.code, text: approvalReasonText(reason) })),
    });
    const notice = screen.getByTestId("budget-notice");
    expect(notice.textContent).toContain("Cette commande devra être validée avant d'être passée.");
    const reasons = within(notice)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(reasons).toEqual([approvalReasonText(ORDER_LIMIT), approvalReasonText(BUDGET)]);
    expect(notice.textContent).toContain("« Demander la validation »");
  });

  it("without amounts (no `prices` right): no budget, only the sentence and the reasons that carry none", () => {
    renderNotice(
      { budget: null, needsApproval: true, reasons: [{ code: "no_order_right", text: approvalReasonText({ code: "no_order_right" }) }] },
      "summary",
    );
    const notice = screen.getByTestId("budget-notice");
    expect(screen.queryByTestId("budget-remaining")).toBeNull();
    expect(notice.textContent).toContain("Cette commande devra être validée avant d'être passée.");
    expect(within(notice).getByRole("listitem").textContent).toBe(approvalReasonText({ code: "no_order_right" }));
    expect(notice.textContent).not.toMatch(/€/);
    expect(notice.textContent).toContain("Envoyez-la pour validation");
  });

  it("after the back-office refused the confirmation, without a reason it could show: the sentence alone", () => {
    renderNotice({ budget: null, needsApproval: true, reasons: [] }, "summary");
    expect(screen.getByTestId("budget-notice").textContent).toContain("Cette commande devra être validée avant d'être passée.");
    expect(screen.queryByRole("list")).toBeNull();
  });
});

describe("the cart page", () => {
  it("shows the notice beside the totals, and still leads to the steps", async () => {
    const budget: BudgetNoticeView = {
      budget: { remaining: 125_000, total: 300_000 },
      needsApproval: true,
      reasons: [{ code: "order_limit", text: approvalReasonText(ORDER_LIMIT) }],
    };
    const Stub = createRemixStub([
      {
        path: "/mon-panier",
        Component: CartPage,
        loader: () => ({ view: CART_VIEW, budget, confirmingClear: false, canRequestQuote: true }),
      },
    ]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    const notice = await screen.findByTestId("budget-notice");
    expect(notice.closest("aside")).not.toBeNull();
    expect(notice.textContent).toContain(approvalReasonText(ORDER_LIMIT));
    expect(screen.getByRole("link", { name: "Passer la commande" }).getAttribute("href")).toBe("/commander/livraison");
  });

  it("shows nothing without a rule", async () => {
    const Stub = createRemixStub([
      {
        path: "/mon-panier",
        Component: CartPage,
        loader: () => ({ view: CART_VIEW, budget: null, confirmingClear: false, canRequestQuote: true }),
      },
    ]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    await screen.findByRole("link", { name: "Passer la commande" });
    expect(screen.queryByTestId("budget-notice")).toBeNull();
  });
});

describe("the summary", () => {
  const STEPS = [
    { step: "livraison", label: "Livraison", path: "/commander/livraison", reachable: true },
    { step: "consignes", label: "Consignes", path: "/commander/consignes", reachable: true },
    { step: "recapitulatif", label: "Récapitulatif", path: "/commander/recapitulatif", reachable: true },
    { step: "terminer", label: "Confirmation", path: "/commander/terminer", reachable: false },
  ];
  const SUMMARY: SummaryView = {
    cart: CART_VIEW,
    delivery: null,
    invoicing: null,
    ref: "",
    comments: "",
    notes: "",
    partialDelivery: false,
    saturdayCharged: false,
    problems: [],
    budget: null,
    confirm: { version: 4, key: "cmd-key-12345" },
    request: null,
  };

  function renderSummary(summary: SummaryView) {
    const Stub = createRemixStub([{ path: "/commander/recapitulatif", Component: SummaryStep, loader: () => ({ steps: STEPS, summary }) }]);
    render(<Stub initialEntries={["/commander/recapitulatif"]} />);
  }

  it("ends with « Demander la validation » and a message for the approver instead of the confirmation", async () => {
    renderSummary({
      ...SUMMARY,
      budget: {
        budget: null,
        needsApproval: true,
        reasons: [{ code: "no_order_right", text: approvalReasonText({ code: "no_order_right" }) }],
      },
      confirm: null,
      request: { version: 4, key: "cmd-key-12345" },
    });
    const button = await screen.findByRole("button", { name: "Demander la validation" });
    const form = button.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    const fields = Object.fromEntries(new FormData(form ?? undefined).entries());
    expect(fields).toMatchObject({ intent: "demander-validation", version: "4", key: "cmd-key-12345", message: "" });
    const message = screen.getByLabelText("Message pour la personne qui valide (facultatif)");
    expect(message.getAttribute("maxlength")).toBe("1000");
    expect(screen.queryByTestId("confirm-order")).toBeNull();
    expect(screen.getByTestId("budget-notice").textContent).toContain("Cette commande devra être validée");
  });

  it("keeps the plain confirmation for whoever needs no approval", async () => {
    renderSummary(SUMMARY);
    expect((await screen.findByTestId("confirm-order")).textContent).toBe("Confirmer la commande");
    expect(screen.queryByRole("button", { name: "Demander la validation" })).toBeNull();
    expect(screen.queryByTestId("budget-notice")).toBeNull();
  });
});
