// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ListLinesForm } from "~/components/order-lists/ListLinesForm";
import { ListsTable } from "~/components/order-lists/ListsTable";
import type { ListLineView, ListPageView } from "~/services/order-lists/types";

afterEach(cleanup);

function renderAt(node: ReactNode) {
  const Stub = createRemixStub([{ path: "/", Component: () => <>{node}</> }]);
  return render(<Stub />);
}

const line: ListLineView = {
  productId: 42,
  ref: "GIL-150",
  ownCode: "ATL-GILET",
  title: "Gilet autogonflant 150 N",
  note: "Pour l'école de voile",
  qty: 6,
  unitPrice: 8990,
  stock: 12,
  discontinued: false,
  needsCertificate: false,
};

const view: ListPageView = {
  id: 7,
  name: "Consommables atelier",
  shared: true,
  ownerName: "Maël Kerjean",
  updatedAt: "2026-11-20T09:30:00.000Z",
  canEdit: true,
  showPrices: true,
  schedulesCount: 0,
  lines: [
    line,
    { ...line, productId: 43, ref: "OLD-1", ownCode: null, title: "Ancienne manille", note: "", qty: 2, stock: 0, discontinued: true },
  ],
};

const buttonNamed = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("a list's lines", () => {
  it("shows the own code beside the reference, the price, the stock and the discontinued flag", () => {
    renderAt(<ListLinesForm view={view} state={null} />);
    const first = screen.getByRole("row", { name: /GIL-150/ });
    expect(within(first).getByText("ATL-GILET").closest(".own-code")?.textContent).toBe(" · votre code ATL-GILET");
    expect(within(first).getByText("89,90 €", { exact: false }).textContent).toMatch(/^89,90\s€$/);
    expect(within(first).getByText("12 disponibles").tagName).toBe("TD");
    const second = screen.getByRole("row", { name: /OLD-1/ });
    expect(within(second).getByText("Ce produit n'est plus commercialisé.").tagName).toBe("STRONG");
    expect(within(second).getByText("Rupture de stock").tagName).toBe("TD");
    expect(screen.getByRole("columnheader", { name: "Prix unitaire HT" }).tagName).toBe("TH");
  });

  it("lets the list's editor change quantities and notes, remove a line, and add ticked lines to the cart", () => {
    renderAt(<ListLinesForm view={view} state={null} />);
    const qty = screen.getByRole("spinbutton", { name: "Quantité de GIL-150" }) as HTMLInputElement;
    expect([qty.name, qty.value, qty.min, qty.max]).toEqual(["qte_42", "6", "1", "9999"]);
    const note = screen.getByRole("textbox", { name: "Note pour GIL-150" }) as HTMLInputElement;
    expect([note.name, note.value]).toEqual(["note_42", "Pour l'école de voile"]);
    const ticked = screen.getByRole("checkbox", { name: "Choisir GIL-150" }) as HTMLInputElement;
    expect([ticked.name, ticked.value]).toEqual(["ligne", "42"]);
    const remove = buttonNamed("Retirer OLD-1 de la liste");
    expect([remove.type, remove.name, remove.value]).toEqual(["submit", "intent", "remove:43"]);
    // « Enregistrer » is the form's first button: the Enter key in a quantity saves, it never removes a line.
    const buttons = screen.getAllByRole("button") as HTMLButtonElement[];
    expect(buttons[0]?.value).toBe("save");
    expect(buttons[0]?.textContent).toBe("Enregistrer les quantités et notes");
    expect(buttonNamed("Ajouter la sélection au panier").value).toBe("add-selected");
    expect(buttonNamed("Tout ajouter au panier").value).toBe("add-all");
    expect(screen.getByRole("table").querySelector("caption")?.textContent).toBe(
      "Lignes de la liste « Consommables atelier » (2 produits)",
    );
  });

  it("draws a read-only list without inputs nor « Retirer », and still offers the cart", () => {
    renderAt(<ListLinesForm view={{ ...view, canEdit: false, showPrices: false }} state={null} />);
    expect(screen.queryAllByRole("spinbutton")).toHaveLength(0);
    expect(screen.queryAllByRole("textbox")).toHaveLength(0);
    expect(screen.queryAllByRole("button", { name: /Retirer/ })).toHaveLength(0);
    expect(screen.queryAllByRole("button", { name: "Enregistrer les quantités et notes" })).toHaveLength(0);
    expect(screen.queryAllByRole("columnheader", { name: "Prix unitaire HT" })).toHaveLength(0);
    const first = screen.getByRole("row", { name: /GIL-150/ });
    expect(within(first).getByText("6").tagName).toBe("TD");
    expect(within(first).getByText("Pour l'école de voile").tagName).toBe("TD");
    expect(buttonNamed("Tout ajouter au panier").value).toBe("add-all");
  });

  it("shows a refused quantity beside its field, tied to it, with what was typed", () => {
    const state = { errors: { qte_42: "La quantité doit être d'au moins 1." }, values: { qte_42: "0", note_42: "changée" } };
    renderAt(<ListLinesForm view={view} state={state} />);
    const qty = screen.getByRole("spinbutton", { name: "Quantité de GIL-150" }) as HTMLInputElement;
    expect(qty.value).toBe("0");
    expect(qty.getAttribute("aria-invalid")).toBe("true");
    const describedBy = qty.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("La quantité doit être d'au moins 1.");
    expect((screen.getByRole("textbox", { name: "Note pour GIL-150" }) as HTMLInputElement).value).toBe("changée");
  });

  it("says an empty list is empty", () => {
    renderAt(<ListLinesForm view={{ ...view, lines: [] }} state={null} />);
    expect(screen.queryAllByRole("table")).toHaveLength(0);
    expect(screen.getByText(/Cette liste est vide\./).textContent).toMatch(/^Cette liste est vide\. Ajoutez-y des produits/);
  });
});

describe("the lists' table", () => {
  it("says who sees each list, who made it and how many lines it has, each linked to its page", () => {
    renderAt(
      <ListsTable
        lists={[
          {
            id: 7,
            name: "Consommables atelier",
            shared: true,
            ownerName: "Voilerie Atlantique",
            linesCount: 4,
            updatedAt: view.updatedAt,
            canEdit: false,
          },
          {
            id: 8,
            name: "Mon réassort",
            shared: false,
            ownerName: "Maël Kerjean",
            linesCount: 1,
            updatedAt: view.updatedAt,
            canEdit: true,
          },
        ]}
      />,
    );
    const shared = screen.getByRole("row", { name: /Consommables atelier/ });
    expect(within(shared).getByRole("link", { name: "Consommables atelier" }).getAttribute("href")).toBe("/mon-compte/listes/7");
    expect(within(shared).getByText(/Partagée avec l'organisation/).textContent).toBe("Partagée avec l'organisation (lecture seule)");
    const own = screen.getByRole("row", { name: /Mon réassort/ });
    expect(within(own).getByText("Privée").tagName).toBe("TD");
    expect(within(own).getByText("Maël Kerjean").tagName).toBe("TD");
  });
});
