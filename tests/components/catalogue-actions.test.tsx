// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { FavoriteToggle } from "~/components/catalogue/FavoriteToggle";
import { AddToCartForm } from "~/components/cart/AddToCartForm";

afterEach(cleanup);

const TITLE = "Antenne VHF inox 1 m";

function renderAt(element: JSX.Element, action?: (form: FormData) => unknown, actionPath = "/mon-panier/ajouter") {
  const Stub = createRemixStub([
    { path: "/catalogue", Component: () => element },
    { path: actionPath, action: async ({ request }) => action?.(await request.formData()) ?? null },
  ]);
  return render(<Stub initialEntries={["/catalogue"]} />);
}

describe("FavoriteToggle", () => {
  // The accessible name starts with the visible label, then names the product (WCAG 2.5.3,
  // Lighthouse label-content-name-mismatch): no aria-label that would hide the visible text.
  it("is named by its visible text and the product, and says whether it is pressed", () => {
    renderAt(<FavoriteToggle productId={7} productTitle={TITLE} isFavorite={false} />);
    const off = screen.getByRole("button", { name: `Ajouter aux favoris : ${TITLE}` });
    expect(off.getAttribute("aria-pressed")).toBe("false");
    expect(off.hasAttribute("aria-label")).toBe(false);
    cleanup();
    renderAt(<FavoriteToggle productId={7} productTitle={TITLE} isFavorite />);
    const on = screen.getByRole("button", { name: `Favori : ${TITLE}` });
    expect(on.getAttribute("aria-pressed")).toBe("true");
  });
});

describe("AddToCartForm", () => {
  it("names the compact button after its visible label and the reference, the full one by its text", () => {
    renderAt(<AddToCartForm productId={7} productRef="AVF1500001" compact />);
    const compact = screen.getByRole("button", { name: "Ajouter AVF1500001 au panier" });
    expect(compact.hasAttribute("aria-label")).toBe(false);
    expect(screen.getByLabelText("Quantité de AVF1500001").getAttribute("name")).toBe("qty");
    cleanup();
    renderAt(<AddToCartForm productId={7} productRef="AVF1500001" />);
    expect(screen.getByRole("button", { name: "Ajouter au panier" }).getAttribute("type")).toBe("submit");
  });

  it("renders no fetch-mode field (without JavaScript the action redirects) and adds it when a fetcher sends", async () => {
    let posted: FormData | null = null;
    renderAt(<AddToCartForm productId={7} productRef="AVF1500001" compact />, (form) => {
      posted = form;
      return { ok: false, message: "Quantité refusée." };
    });
    const button = screen.getByRole("button", { name: "Ajouter AVF1500001 au panier" });
    expect(button.closest("form")?.querySelector("input[name=mode]")).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(posted).not.toBeNull());
    const form = posted as FormData | null;
    expect(form?.get("mode")).toBe("fetch");
    expect(form?.get("productId")).toBe("7");
    expect(form?.get("qty")).toBe("1");
  });
});
