// @vitest-environment happy-dom
import { useSearchParams } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ClearCart } from "~/components/cart/ClearCart";

/** « Vider le panier » asks at the place of the button, and the keyboard follows (issue 24). */

afterEach(cleanup);

function CartPage() {
  const [search] = useSearchParams();
  return (
    <main>
      <ClearCart confirming={search.get("vider") === "1"} />
      <footer>
        <a href="/mentions-legales">Mentions légales</a>
      </footer>
    </main>
  );
}

function renderCart() {
  const Stub = createRemixStub([{ path: "/mon-panier", Component: CartPage }]);
  render(<Stub initialEntries={["/mon-panier"]} />);
}

describe("« Vider le panier »", () => {
  it("moves the focus to the question's harmless answer, so the next Tab stays in the question", async () => {
    renderCart();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Vider le panier" }));
    const cancel = await screen.findByRole("link", { name: "Annuler" });
    expect(screen.getByRole("alertdialog", { name: /retirer tous les produits/ })).toBeDefined();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Oui, vider le panier" }));
  });

  it("cancels with Escape and gives the focus back to « Vider le panier »", async () => {
    renderCart();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Vider le panier" }));
    await screen.findByRole("link", { name: "Annuler" });
    await user.keyboard("{Escape}");
    const opener = await screen.findByRole("link", { name: "Vider le panier" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("gives the focus back to « Vider le panier » after « Annuler »", async () => {
    renderCart();
    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "Vider le panier" }));
    await user.click(await screen.findByRole("link", { name: "Annuler" }));
    expect(document.activeElement).toBe(await screen.findByRole("link", { name: "Vider le panier" }));
  });
});
