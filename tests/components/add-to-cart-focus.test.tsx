// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { AddToCartModal } from "~/components/cart/AddToCartModal";

/**
 * Issue 24, the keyboard: once the add-to-cart modal closes, the focus is back on the button
 * that opened it, not on the page's body (where the next Tab would land in the footer).
 */

afterEach(cleanup);

const ADDED = {
  ok: true as const,
  product: { ref: "GAG00001", title: "Gilet autogonflant 150 N", image: null },
  qtyAdded: 2,
  qtyInCart: 2,
  cartCount: 1,
  totalHt: 9000,
  totalTtc: 10800,
  availability: null,
  freeShipping: null,
};

/** A product card's button that shows the modal, as the add-to-cart form does once the cart answered. */
function Card() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        Ajouter au panier
      </button>
      {shown ? <AddToCartModal added={ADDED} onClose={() => setShown(false)} /> : null}
    </>
  );
}

describe("the add-to-cart modal and the focus", () => {
  it("gives the focus back to the add-to-cart button when « Continuer mes achats » closes it", async () => {
    const Stub = createRemixStub([{ path: "/", Component: Card }]);
    render(<Stub />);
    const opener = await screen.findByRole("button", { name: "Ajouter au panier" });
    opener.focus();
    fireEvent.click(opener);
    const keepShopping = await screen.findByRole("button", { name: "Continuer mes achats" });
    keepShopping.focus();
    fireEvent.click(keepShopping);
    expect(screen.queryByTestId("add-to-cart-modal")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
