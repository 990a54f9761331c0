// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import CartPage from "~/routes/_app.mon-panier._index";
import SummaryStep from "~/routes/_app.commander.recapitulatif";
import InstructionsStep from "~/routes/_app.commander.consignes";
import FinishStep from "~/routes/_app.commander.terminer";
import type { Order } from "@shared/contracts/api";
import type { SummaryView } from "~/services/checkout/types";
import { CART_LINE, CART_VIEW } from "./cart-view-fixtures";

/**
 * What a buyer noticed going through an order (issue 36): a discount written the French way in
 * the cart and restated at the summary, who reads each free text, and a confirmation that links
 * to its order and restates the delivery chosen.
 */

afterEach(cleanup);

const STEPS = [
  { step: "livraison", label: "Livraison", path: "/commander/livraison", reachable: true },
  { step: "consignes", label: "Consignes", path: "/commander/consignes", reachable: true },
  { step: "recapitulatif", label: "Récapitulatif", path: "/commander/recapitulatif", reachable: true },
  { step: "terminer", label: "Confirmation", path: "/commander/terminer", reachable: false },
];

/** A line at 12.5 % off its public price: 284,90 € → 249,29 €. */
const DISCOUNTED = { ...CART_LINE, listPrice: 28_490, unitPrice: 24_929, discountPercent: 12.5, lineTotal: 49_882 };
const normalized = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ");

describe("a line's discount", () => {
  it("is written the French way in the cart: « remise 12,5 % »", async () => {
    const Stub = createRemixStub([
      { path: "/mon-panier", Component: CartPage, loader: () => ({ view: { ...CART_VIEW, lines: [DISCOUNTED] }, confirmingClear: false }) },
    ]);
    render(<Stub initialEntries={["/mon-panier"]} />);
    const line = await screen.findByTestId("cart-line-AVF1500001");
    expect(normalized(line.textContent)).toContain("remise 12,5 %");
    expect(line.textContent).not.toContain("12.5");
  });

  it("is shown at the summary step as in the cart, with the struck public price", async () => {
    const summary: SummaryView = {
      cart: { ...CART_VIEW, lines: [DISCOUNTED] },
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
    const Stub = createRemixStub([{ path: "/commander/recapitulatif", Component: SummaryStep, loader: () => ({ steps: STEPS, summary }) }]);
    render(<Stub initialEntries={["/commander/recapitulatif"]} />);
    const line = await screen.findByTestId("summary-line-AVF1500001");
    expect(normalized(line.textContent)).toContain("remise 12,5 %");
    expect(normalized(line.querySelector("del")?.textContent)).toBe("284,90 €");
  });
});

describe("the instructions step", () => {
  it("says under each free text who reads it", async () => {
    const values = { ref: "", comments: "", notes: "", partialDelivery: false, refFromPromotion: null };
    const Stub = createRemixStub([{ path: "/commander/consignes", Component: InstructionsStep, loader: () => ({ steps: STEPS, values }) }]);
    render(<Stub initialEntries={["/commander/consignes"]} />);
    const described = (label: string) => {
      const field = screen.getByLabelText(label);
      const ids = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
    };
    await screen.findByLabelText("Notes");
    expect(described("Consignes pour l'entrepôt")).toMatch(/^Lues par notre entrepôt/);
    expect(described("Notes")).toMatch(/^Lues par votre commercial et notre service clients, pas par l.entrepôt/);
  });
});

describe("the confirmation page", () => {
  const line = (ref: string, title: string, qty: number, unit: number, port = false) => ({
    obj_id: 1,
    obj_ref: ref,
    obj_title: title,
    qty,
    prd_is_port: port,
    unit_price: unit,
    prd_ecotaxe: 0,
    line_total_ht: unit * qty,
  });
  const order: Order = {
    ord_id: 42,
    ord_ref: "CMD-000042",
    org_id: 1,
    usr_id: 1,
    usr_name: "Maël Kerjean",
    created_at: "2026-11-20T10:00:00.000Z",
    status: "confirmée",
    cart_ref: "",
    comments: "",
    notes: "",
    partialDelivery: true,
    saturday: true,
    ldd_active: true,
    dlv_address: null,
    inv_address: null,
    lines: [line("GIL-100", "Gilet", 4, 32_500), line("PORT_SAMEDI", "PORT_SAMEDI", 1, 3_500, true)],
    ord_total_ht: 133_500,
    ord_total_ecotaxe: 0,
    ord_total_tva: 26_700,
    ord_total_ttc: 160_200,
  };

  function renderFinish(shown: Order) {
    const Stub = createRemixStub([
      {
        path: "/commander/terminer",
        Component: FinishStep,
        loader: () => ({ steps: STEPS, order: shown, taxExempt: false, showPrices: true }),
      },
    ]);
    render(<Stub initialEntries={["/commander/terminer"]} />);
  }

  it("links the order number to the order's page", async () => {
    renderFinish(order);
    const number = await screen.findByRole("link", { name: "CMD-000042" });
    expect(number.getAttribute("href")).toBe("/mon-compte/commandes/42");
  });

  it("restates express, Saturday and partial delivery", async () => {
    renderFinish(order);
    const heading = await screen.findByRole("heading", { name: "Livraison" });
    const section = heading.closest("section");
    expect(section).not.toBeNull();
    const text = normalized(within(section as HTMLElement).getByTestId("order-delivery-options").textContent);
    expect(text).toBe("Livraison directe chez votre client (express). Livraison le samedi.");
    expect(normalized(section?.textContent)).toContain("Livraison partielle acceptée.");
  });

  it("says a standard delivery in one go, and a Saturday asked but not charged", async () => {
    renderFinish({ ...order, ldd_active: false, partialDelivery: false, lines: order.lines.slice(0, 1) });
    expect(normalized((await screen.findByTestId("order-delivery-options")).textContent)).toBe(
      "Livraison standard. Livraison le samedi demandée (facturée seulement le vendredi).",
    );
    expect(document.body.textContent).toContain("Livraison en une seule fois.");
  });
});
