// @vitest-environment happy-dom
import { useLoaderData } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ProductList } from "~/components/catalogue/ProductList";
import type { ListParams, ProductListView } from "~/services/catalogue/types";

/**
 * The brand filter offers only the brands of the list, with their counts, and every filtered
 * list, above all an empty one, offers « Réinitialiser les filtres » back to the unfiltered list
 * (issue 24).
 */

afterEach(cleanup);

const PARAMS: ListParams = { q: "", brandId: null, inStock: false, promo: false, sort: "relevance", page: 1 };

function listOf(params: Partial<ListParams>, total: number): ProductListView {
  return {
    params: { ...PARAMS, ...params },
    notices: [],
    items:
      total === 0
        ? []
        : [
            {
              id: 7,
              ref: "GAG00001",
              title: "Gilet autogonflant 150 N",
              brand: { title: "Glénan" },
              image: null,
              discontinued: false,
              price: null,
              isFavorite: false,
            },
          ],
    total,
    pageCount: 1,
    brands: [
      { id: 3, title: "Baltik", count: 12 },
      { id: 9, title: "Glénan", count: 1234 },
    ],
    canViewPrices: true,
    canUpdateCart: false,
  };
}

/** The list as a category page's loader gives it for the URL's filters: empty when a filter is on. */
function CategoryPage() {
  const list = useLoaderData<ProductListView>();
  return <ProductList list={list} stocks={{}} heading="Produits" emptyMessage="Aucun produit ne correspond à ces critères." />;
}

/** The sort of each load of the list: a reload per arrow key shows here as one entry per key. */
let loadedUrls: string[] = [];
afterEach(() => {
  loadedUrls = [];
});

function renderAt(url: string) {
  const Stub = createRemixStub([
    {
      path: "/catalogue/securite/gilets-de-sauvetage",
      Component: CategoryPage,
      loader: ({ request }) => {
        loadedUrls.push(new URL(request.url).searchParams.get("tri") ?? "");
        const search = new URL(request.url).searchParams;
        const brand = search.get("marque");
        const filtered = brand !== null || search.has("stock") || search.has("promo");
        return listOf(
          {
            brandId: brand === null ? null : Number(brand),
            inStock: search.has("stock"),
            sort: search.get("tri") === "name" ? "name" : "relevance",
          },
          filtered ? 0 : 5,
        );
      },
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe("brand filter", () => {
  it("lists the brands of the list with their product counts", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage");
    const select = await screen.findByRole("combobox", { name: "Marque" });
    const options = within(select)
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["Toutes les marques", "Baltik (12)", "Glénan (1\u202f234)"]);
  });

  it("offers no reset link while no filter is on", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage?tri=name");
    await screen.findByRole("combobox", { name: "Marque" });
    expect(screen.queryByRole("link", { name: "Réinitialiser les filtres" })).toBeNull();
  });
});

describe("« Réinitialiser les filtres »", () => {
  it("is offered beside the filters and in the empty list, leading to the list without filters (sort kept)", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage?marque=9&stock=1&tri=name");
    const empty = await screen.findByText(/Aucun produit ne correspond à ces critères\./);
    const inEmpty = within(empty).getByRole("link", { name: "Réinitialiser les filtres" });
    expect(inEmpty.getAttribute("href")).toBe("/catalogue/securite/gilets-de-sauvetage?tri=name");
    const inControls = within(screen.getByRole("form", { name: "Trier et filtrer" })).getByRole("link", {
      name: "Réinitialiser les filtres",
    });
    expect(inControls.getAttribute("href")).toBe("/catalogue/securite/gilets-de-sauvetage?tri=name");
    // The heading says no « (Aucun produit) »: the message below says it once.
    expect(screen.getByRole("heading", { level: 2, name: "Produits" }).textContent).toBe("Produits");
  });

  it("brings back the list and shows its filters cleared", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage?marque=9&stock=1");
    expect(await screen.findByText(/Aucun produit ne correspond/)).toBeDefined();
    expect((screen.getByRole("combobox", { name: "Marque" }) as HTMLSelectElement).value).toBe("9");
    await userEvent.click(
      within(screen.getByRole("form", { name: "Trier et filtrer" })).getByRole("link", { name: "Réinitialiser les filtres" }),
    );
    expect(await screen.findByRole("link", { name: /Gilet autogonflant 150 N/ })).toBeDefined();
    expect((screen.getByRole("combobox", { name: "Marque" }) as HTMLSelectElement).value).toBe("");
    expect((screen.getByRole("checkbox", { name: "En stock" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole("link", { name: "Réinitialiser les filtres" })).toBeNull();
  });

  it("keeps the focus on the brand chosen with JavaScript, the list then offering the reset", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage");
    const select = await screen.findByRole("combobox", { name: "Marque" });
    select.focus();
    await userEvent.selectOptions(select, "9");
    expect(await screen.findByText(/Aucun produit ne correspond/)).toBeDefined();
    const after = screen.getByRole("combobox", { name: "Marque" }) as HTMLSelectElement;
    expect(document.activeElement).toBe(after);
    expect(after.value).toBe("9");
  });
});

describe("sort list with the keyboard", () => {
  it("applies a sort moved with the arrow keys on Enter, once, not at each key", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage");
    const select = (await screen.findByRole("combobox", { name: "Trier par" })) as HTMLSelectElement;
    select.focus();
    const loadsBefore = loadedUrls.length;
    // A closed select moves its value at each arrow key, firing change each time.
    for (const value of ["reference", "name"]) {
      fireEvent.keyDown(select, { key: "ArrowDown" });
      fireEvent.change(select, { target: { value } });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadedUrls.length).toBe(loadsBefore);
    fireEvent.keyDown(select, { key: "Enter" });
    await screen.findByRole("link", { name: /Gilet autogonflant/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadedUrls.slice(loadsBefore)).toEqual(["name"]);
  });

  it("applies a sort moved with the keyboard when the focus leaves the list", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage");
    const select = (await screen.findByRole("combobox", { name: "Trier par" })) as HTMLSelectElement;
    const loadsBefore = loadedUrls.length;
    fireEvent.keyDown(select, { key: "ArrowDown" });
    fireEvent.change(select, { target: { value: "reference" } });
    fireEvent.focusOut(select);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadedUrls.slice(loadsBefore)).toEqual(["reference"]);
  });

  it("applies a choice made with the mouse at once", async () => {
    renderAt("/catalogue/securite/gilets-de-sauvetage");
    const select = await screen.findByRole("combobox", { name: "Trier par" });
    const loadsBefore = loadedUrls.length;
    await userEvent.selectOptions(select, "name");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadedUrls.slice(loadsBefore)).toEqual(["name"]);
  });
});
