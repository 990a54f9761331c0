// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ReorderProposal } from "~/components/orders/Reorder";
import type { ReorderLineView, ReorderProposalView } from "~/services/orders/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const line: ReorderLineView = {
  productId: 42,
  productRef: "ANT-1",
  productTitle: "Antenne VHF",
  ordered: 3,
  inCart: 0,
  qty: 3,
  outcome: "ajoutée",
  orderedUnitPrice: 1999,
  todayUnitPrice: 2199,
  priceChanged: true,
  mmsi: false,
  notes: ["Le prix a changé depuis la commande."],
};

const proposal: ReorderProposalView = {
  orderId: 7,
  orderNumber: "CMD-000007",
  orderDate: "2026-11-18T09:30:00.000Z",
  wholeOrder: false,
  lines: [
    line,
    {
      ...line,
      productId: 43,
      productRef: "OLD-1",
      qty: 0,
      outcome: "refusée",
      priceChanged: false,
      todayUnitPrice: null,
      notes: ["Ce produit n'est plus commercialisé : il ne sera pas ajouté."],
    },
  ],
  notices: [],
  showPrices: true,
  canConfirm: true,
};

describe("the reorder proposal", () => {
  it("shows the order's price and today's, what is refused, and posts the ticked lines", () => {
    const { container } = renderAt(<ReorderProposal proposal={proposal} />);
    const row = screen.getByRole("row", { name: /ANT-1/ });
    expect(within(row).getByText("19,99 €", { exact: false })).toBeInstanceOf(HTMLElement);
    expect(within(row).getByText("21,99 €", { exact: false })).toBeInstanceOf(HTMLElement);
    expect(within(row).getByText("(nouveau prix)", { exact: false })).toBeInstanceOf(HTMLElement);
    expect(within(screen.getByRole("row", { name: /OLD-1/ })).getByText("Non ajouté")).toBeInstanceOf(HTMLElement);
    const form = container.querySelector("form[method='post']")!;
    expect([...form.querySelectorAll<HTMLInputElement>("input[name='ligne']")].map((input) => input.value)).toEqual(["42", "43"]);
    expect(screen.getByRole("button", { name: "Ajouter au panier partagé" })).toBeInstanceOf(HTMLElement);
  });

  it("has no price column without `prices`, and no button when nothing can be added", () => {
    renderAt(<ReorderProposal proposal={{ ...proposal, showPrices: false, canConfirm: false, notices: ["Aucune ligne."] }} />);
    expect(screen.queryByRole("columnheader", { name: /Prix unitaire/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ajouter au panier partagé" })).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("Aucune ligne.");
  });
});
