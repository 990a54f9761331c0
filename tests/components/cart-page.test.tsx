// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import CartPage from "~/routes/_app.mon-panier._index";
import type { CartView } from "~/services/cart/types";
import { CART_LINE, CART_VIEW } from "./cart-view-fixtures";

/** /mon-panier as drawn for an account that may edit the cart, and for one that may only read it. */

afterEach(cleanup);

const LINE = CART_LINE;
const VIEW = CART_VIEW;

function renderPage(view: CartView) {
  const Stub = createRemixStub([{ path: "/mon-panier", Component: CartPage, loader: () => ({ view, confirmingClear: false }) }]);
  render(<Stub initialEntries={["/mon-panier"]} />);
}

describe("the cart page", () => {
  it("offers the checkout to an account that can edit the cart", async () => {
    renderPage(VIEW);
    expect((await screen.findByRole("link", { name: "Passer la commande" })).getAttribute("href")).toBe("/commander/livraison");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toContain("Dont éco-participation");
  });

  it("shows a read-only cart without the checkout it could not use", async () => {
    renderPage({ ...VIEW, canEdit: false });
    await screen.findByRole("note");
    expect(screen.getByRole("note").textContent).toContain("pas de le modifier");
    expect(screen.queryByRole("link", { name: "Passer la commande" })).toBeNull();
  });

  it("shows no ecotax column to an HT account", async () => {
    renderPage({ ...VIEW, taxExempt: true, showsEcotaxe: false, lines: [{ ...LINE, ecotaxe: null }] });
    await screen.findByRole("table");
    expect(screen.queryByRole("columnheader", { name: "Dont éco-participation" })).toBeNull();
    expect(screen.getAllByRole("columnheader")).toHaveLength(6);
  });

  it("shows each line's picture, and its reference's initials when the catalogue has none", async () => {
    renderPage({
      ...VIEW,
      lines: [
        { ...LINE, picture: "/images/produits/gilet.svg" },
        { ...LINE, lineId: "l-2", ref: "MAN00002", picture: null },
      ],
    });
    const withPicture = await screen.findByTestId("cart-line-AVF1500001");
    expect(withPicture.querySelector("img")?.getAttribute("src")).toBe("/images/produits/gilet.svg");
    const without = screen.getByTestId("cart-line-MAN00002");
    expect(without.querySelector("img")).toBeNull();
    expect(without.querySelector(".cart-line__placeholder")?.textContent).toBe("MA");
  });

  it("marks a line whose product was discontinued since, instead of its stock", async () => {
    renderPage({ ...VIEW, lines: [{ ...LINE, discontinued: true }] });
    const row = await screen.findByTestId("cart-line-AVF1500001");
    expect(row.querySelector(".cart-line__discontinued")?.textContent).toContain("n'est plus commercialisé");
    expect(row.textContent).not.toContain("En stock");
  });
});
