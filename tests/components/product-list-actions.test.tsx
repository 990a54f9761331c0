// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProductList } from "~/components/catalogue/ProductList";
import type { ProductCardView, ProductListView } from "~/services/catalogue/types";
import type { AddToCartAnswer } from "~/services/cart/types";

/**
 * A product list sends its cards' forms itself (useCardActions.ts): plain forms in the HTML
 * (no JavaScript: a real POST and a redirect back), keyed fetchers once hydrated.
 */

afterEach(cleanup);

function card(id: number, ref: string, isFavorite = false): ProductCardView {
  return {
    id,
    ref,
    title: `Produit ${ref}`,
    brand: { title: "Baltik" },
    image: null,
    discontinued: false,
    price: { unitPrice: 21368, listPrice: 28490, promotion: null },
    isFavorite,
  };
}

const LIST: ProductListView = {
  params: { q: "", brandId: null, inStock: false, promo: false, sort: "relevance", page: 2 },
  notices: [],
  items: [card(7, "AVF1500001"), card(8, "AVF1500002", true)],
  total: 30,
  pageCount: 2,
  brands: [],
  canViewPrices: true,
  canUpdateCart: true,
};

const STOCKS = { 7: { available: 3, refillDate: null, refillQty: null }, 8: null };

interface Actions {
  addToCart?: (form: FormData) => Promise<AddToCartAnswer> | AddToCartAnswer;
  favorite?: (form: FormData) => Promise<unknown> | unknown;
}

function stub(actions: Actions = {}) {
  return createRemixStub([
    { path: "/catalogue", Component: () => <ProductList list={LIST} stocks={STOCKS} heading="Produits" emptyMessage="Aucun produit" /> },
    { path: "/mon-panier/ajouter", action: async ({ request }) => (await actions.addToCart?.(await request.formData())) ?? null },
    { path: "/mon-compte/favoris", action: async ({ request }) => (await actions.favorite?.(await request.formData())) ?? null },
  ]);
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const ADDED: AddToCartAnswer = {
  ok: true,
  product: { ref: "AVF1500001", title: "Produit AVF1500001", image: null },
  qtyAdded: 1,
  qtyInCart: 1,
  cartCount: 1,
  totalHt: 21368,
  totalTtc: 25642,
};

describe("ProductList on the server (no JavaScript)", () => {
  // renderToString in a DOM environment: React warns that layout effects do not run, as expected here.
  beforeEach(() => {
    const log = console.error.bind(console);
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) log(...args);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("renders plain forms that post back to this page, and no fetch-mode field", () => {
    const Stub = stub();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Stub initialEntries={["/catalogue?page=2"]} />);
    const addForms = container.querySelectorAll<HTMLFormElement>("form[action='/mon-panier/ajouter']");
    expect(addForms).toHaveLength(2);
    for (const form of addForms) {
      expect(form.getAttribute("method")).toBe("post");
      expect(form.querySelector<HTMLInputElement>("input[name=redirectTo]")?.value).toBe("/catalogue?page=2");
      expect(form.querySelector("input[name=mode]")).toBeNull();
    }
    const favoriteForms = container.querySelectorAll<HTMLFormElement>("form[action='/mon-compte/favoris']");
    expect([...favoriteForms].map((form) => form.querySelector<HTMLInputElement>("input[name=intent]")?.value)).toEqual(["add", "remove"]);
    expect(favoriteForms[0]?.querySelector<HTMLInputElement>("input[name=redirectTo]")?.value).toBe("/catalogue?page=2");
  });

  it("keeps the cards lean: no inline drawing and no text-node markers", () => {
    const Stub = stub();
    const html = renderToString(<Stub initialEntries={["/catalogue"]} />);
    const grid = html.slice(html.indexOf('<ul class="product-grid"'));
    expect(grid).toContain("product-picture--none");
    expect(grid).not.toContain("<svg");
    expect(grid).not.toContain("<!-- -->");
    // Accessible names still start with the visible label (WCAG 2.5.3).
    expect(grid).toContain("Quantité de AVF1500001");
    expect(grid).toContain('Ajouter<span class="visually-hidden"> AVF1500001 au panier</span>');
  });
});

describe("ProductList with JavaScript", () => {
  it("sends an add-to-cart by a fetcher (fetch mode), disables that card's button meanwhile and shows the modal", async () => {
    const answer = deferred<AddToCartAnswer>();
    const posted: FormData[] = [];
    const Stub = stub({
      addToCart: (form) => {
        posted.push(form);
        return answer.promise;
      },
    });
    render(<Stub initialEntries={["/catalogue"]} />);
    await userEvent.click(screen.getByRole("button", { name: "Ajouter AVF1500001 au panier" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.get("mode")).toBe("fetch");
    expect(posted[0]?.get("productId")).toBe("7");
    expect(posted[0]?.get("qty")).toBe("1");
    expect(screen.getByTestId("add-to-cart-AVF1500001").querySelector("button")?.disabled).toBe(true);
    // The other card is not busy.
    expect(screen.getByRole("button", { name: "Ajouter AVF1500002 au panier" })).toHaveProperty("disabled", false);
    await act(async () => answer.resolve(ADDED));
    const modal = await screen.findByTestId("add-to-cart-modal");
    expect(modal.textContent).toContain("Produit ajouté au panier");
    expect(modal.textContent).toContain("Quantité ajoutée : 1");
    expect(screen.getByRole("button", { name: "Ajouter AVF1500001 au panier" })).toHaveProperty("disabled", false);
  });

  it("sends two cards' additions independently", async () => {
    const posted: string[] = [];
    const first = deferred<AddToCartAnswer>();
    const Stub = stub({
      addToCart: (form) => {
        posted.push(String(form.get("productId")));
        return posted.length === 1 ? first.promise : { ...ADDED, product: { ...ADDED.product, ref: "AVF1500002" } };
      },
    });
    render(<Stub initialEntries={["/catalogue"]} />);
    await userEvent.click(screen.getByRole("button", { name: "Ajouter AVF1500001 au panier" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter AVF1500002 au panier" }));
    await waitFor(() => expect(posted).toEqual(["7", "8"]));
    // The second answered first; the first is still running (not cancelled by the second).
    expect((await screen.findByTestId("add-to-cart-modal")).textContent).toContain("Réf. AVF1500002");
    expect(screen.getByTestId("add-to-cart-AVF1500001").querySelector("button")?.disabled).toBe(true);
    await act(async () => first.resolve(ADDED));
    await waitFor(() => expect(screen.getByTestId("add-to-cart-AVF1500001").querySelector("button")?.disabled).toBe(false));
  });

  it("toggles a favourite optimistically while the call runs, then shows the saved state", async () => {
    const saved = deferred<null>();
    const posted: FormData[] = [];
    const Stub = stub({
      favorite: (form) => {
        posted.push(form);
        return saved.promise;
      },
    });
    render(<Stub initialEntries={["/catalogue?page=2"]} />);
    await userEvent.click(screen.getByRole("button", { name: "Ajouter aux favoris : Produit AVF1500001" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.get("intent")).toBe("add");
    expect(posted[0]?.get("product_id")).toBe("7");
    expect(posted[0]?.get("redirectTo")).toBe("/catalogue?page=2");
    const asked = screen.getByRole("button", { name: "Favori : Produit AVF1500001" });
    expect(asked.getAttribute("aria-pressed")).toBe("true");
    // The other card keeps its own state.
    expect(screen.getByRole("button", { name: "Favori : Produit AVF1500002" }).getAttribute("aria-pressed")).toBe("true");
    await act(async () => saved.resolve(null));
    // This stub's list data does not change: once saved, the card shows what the loader says.
    await screen.findByRole("button", { name: "Ajouter aux favoris : Produit AVF1500001" });
  });
});
