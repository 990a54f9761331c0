// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { PriceListFilters } from "~/components/price-list/PriceListFilters";
import { PriceListTable, discountText } from "~/components/price-list/PriceListTable";
import type { PriceListFilterValues, PriceListRow } from "~/services/price-list/types";
import { formatEuros } from "@shared/domain/french-format";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const promoted: PriceListRow = {
  obj_id: 42,
  obj_ref: "ANT-VHF-1",
  title: "Antenne VHF fouet 1,5 m",
  brand: "Glomex",
  category: "Antennes",
  list_price: 123456,
  discount_pct: 12.5,
  net_price: 108024,
  promotion: { name: "Offre Salon Nautique", price: 99900, starts_on: "2026-12-01", ends_on: "2026-12-15" },
  ecotax: 45,
};

const plain: PriceListRow = {
  ...promoted,
  obj_id: 43,
  obj_ref: "GPS-2",
  title: "GPS traceur",
  brand: null,
  discount_pct: 0,
  net_price: 123456,
  promotion: null,
  ecotax: 0,
};

const empty: PriceListFilterValues = { q: "", marque: "", categorie: "" };

/** The cells of a row as text, whitespace folded (Intl puts no-break spaces in amounts). */
function cellsOf(row: HTMLElement): string[] {
  return [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim());
}

const folded = (text: string) => text.replace(/\s+/g, " ");

describe("the price list components", () => {
  it("shows a product a row: its link, list price, discount, net price, promotion « du … au … » and ecotax in French", () => {
    renderAt(<PriceListTable rows={[promoted, plain]} caption="Tarifs, page 1 sur 1" />);
    const table = screen.getByRole("table", { name: "Tarifs, page 1 sur 1" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Référence", "Désignation", "Marque", "Prix public HT", "Remise", "Votre prix net HT", "Promotion", "Éco-part."]);
    expect(screen.getByRole("link", { name: "ANT-VHF-1" }).getAttribute("href")).toBe("/catalogue/produit/42");
    const [, first, second] = within(table).getAllByRole("row");
    expect(cellsOf(first!)).toEqual([
      "ANT-VHF-1",
      "Antenne VHF fouet 1,5 m",
      "Glomex",
      folded(formatEuros(123456)),
      "12,5 %",
      folded(formatEuros(108024)),
      `Offre Salon Nautique : ${folded(formatEuros(99900))} du 1 décembre 2026 au 15 décembre 2026`,
      folded(formatEuros(45)),
    ]);
    expect(folded(formatEuros(123456))).toBe("1 234,56 €");
    expect(cellsOf(second!)).toEqual(["GPS-2", "GPS traceur", "—", "1 234,56 €", "—", "1 234,56 €", "—", "0,00 €"]);
  });

  it("writes discounts the French way", () => {
    expect(discountText(0)).toBe("—");
    expect(folded(discountText(8))).toBe("8 %");
    expect(folded(discountText(33.33))).toBe("33,33 %");
  });

  it("filters with a GET form (no JavaScript needed): search, brand, indented categories, and what was ignored", () => {
    renderAt(
      <PriceListFilters
        values={{ ...empty, q: "antenne", marque: "999", categorie: "7" }}
        notices={[{ field: "marque", message: "Marque inconnue : ce filtre est ignoré." }]}
        brands={[{ id: 3, label: "Glomex", depth: 0 }]}
        categories={[
          { id: 5, label: "Électronique", depth: 0 },
          { id: 7, label: "Antennes", depth: 1 },
        ]}
      />,
    );
    const form = screen.getByRole("form", { name: "Filtrer les tarifs" });
    expect(form.getAttribute("method")).toBe("get");
    expect(within(form).getByRole("status").textContent).toContain("Marque inconnue");
    expect((screen.getByLabelText("Référence ou mots") as HTMLInputElement).value).toBe("antenne");
    expect((screen.getByLabelText("Marque") as HTMLSelectElement).value).toBe("");
    const category = screen.getByLabelText("Catégorie") as HTMLSelectElement;
    expect(category.getAttribute("name")).toBe("categorie");
    expect(category.value).toBe("7");
    expect(
      within(category)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Toutes", "Électronique", "— Antennes"]);
    expect(screen.getByRole("link", { name: "Effacer les filtres" }).getAttribute("href")).toBe("/mon-compte/tarifs");
  });
});
