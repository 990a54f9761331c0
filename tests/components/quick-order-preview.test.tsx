// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuickOrderForm } from "~/components/quick-order/QuickOrderForm";
import { stockText, typedQuantity } from "~/components/quick-order/preview-text";
import QuickOrderPage from "~/routes/_app.mon-panier.commande-rapide";
import type { ReferencePreview } from "~/services/quick-order/types";

/**
 * Issue 24: with JavaScript, a reference typed on a grid line shows the product's name, the
 * buyer's price (when the account may see prices) and its stock beside it, asked after a
 * pause and from 3 characters; an unknown one says « Référence inconnue ». Without JavaScript
 * the grid is unchanged, and the CSV template is one link away.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GILET: ReferencePreview = {
  found: true,
  ref: "GAG00001",
  title: "Gilet autogonflant 150 N taille adulte Glénan",
  unitPrice: 8990,
  stock: { available: 3, refillDate: null, refillQty: null },
};

/** The page, and the preview route answered by a stubbed fetch (the grid asks it with a plain fetch). */
function page(previews: Record<string, ReferencePreview>) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    if (url.pathname !== "/mon-panier/commande-rapide/apercu") return new Response("Not Found", { status: 404 });
    const ref = url.searchParams.get("ref") ?? "";
    asked.push(ref);
    return Response.json(previews[ref] ?? { found: false, ref, message: "Référence inconnue" });
  });
  const routes = [
    { path: "/mon-panier/commande-rapide", Component: QuickOrderPage, loader: () => ({ canEdit: true, gridRows: 2 }), action: () => null },
  ];
  const Stub = createRemixStub(routes);
  return { Stub, asked };
}

const gridRef = (line: number) => screen.getByLabelText<HTMLInputElement>(`Référence, ligne ${line}`);
const gridQty = (line: number) => screen.getByLabelText<HTMLInputElement>(`Quantité, ligne ${line}`);
const previewOf = (line: number) => screen.getByTestId(`ref_${line - 1}_apercu`);

describe("the quick order's preview (JavaScript on)", () => {
  it("shows the product, its price and its stock as a reference is typed, once the typing pauses", async () => {
    const { Stub, asked } = page({ GAG00001: GILET });
    render(<Stub initialEntries={["/mon-panier/commande-rapide"]} />);
    await screen.findByRole("columnheader", { name: "Produit" });
    await userEvent.type(gridRef(1), "gag00001");
    await waitFor(() => expect(previewOf(1).textContent).toBe("Gilet autogonflant 150 N taille adulte Glénan89,90\u00a0€ HTEn stock : 3"));
    // One question for the whole word, in the catalogue's form of the reference.
    expect(asked).toEqual(["GAG00001"]);
    expect(previewOf(1).getAttribute("aria-live")).toBe("polite");
    expect(gridRef(1).getAttribute("aria-describedby")).toBe(previewOf(1).id);

    await userEvent.type(gridQty(1), "500");
    expect(previewOf(1).textContent).toContain("En stock : 3, moins que les 500 demandés");
  });

  it("says « Référence inconnue », asks nothing under 3 characters, and leaves out a hidden price", async () => {
    const { Stub, asked } = page({ GAG00001: { ...GILET, unitPrice: null } });
    render(<Stub initialEntries={["/mon-panier/commande-rapide"]} />);
    await screen.findByRole("columnheader", { name: "Produit" });
    await userEvent.type(gridRef(2), "ZZ");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked).toEqual([]);
    expect(previewOf(2).textContent).toBe("");

    await userEvent.type(gridRef(2), "Z-9");
    await waitFor(() => expect(previewOf(2).textContent).toBe("Référence inconnue"));
    await userEvent.type(gridRef(1), "GAG00001");
    await waitFor(() => expect(previewOf(1).textContent).toBe("Gilet autogonflant 150 N taille adulte GlénanEn stock : 3"));
  });
});

describe("the quick order without JavaScript", () => {
  it("draws the grid of two columns it always had, and links the CSV template", () => {
    // The server's HTML: the page's form alone, as the stub cannot wait for a loader there.
    const Form = () => <QuickOrderForm formKey="initial" gridRows={2} text="" grid={[]} />;
    const Stub = createRemixStub([{ path: "/mon-panier/commande-rapide", Component: Form }]);
    const html = renderToString(<Stub initialEntries={["/mon-panier/commande-rapide"]} />);
    expect(html).toContain(`name="ref_1"`);
    expect(html).not.toContain("Produit</th>");
    expect(html).not.toContain("aria-live");
    expect(html).toMatch(/<a href="\/mon-panier\/commande-rapide\/modele\.csv" download="">Télécharger le modèle CSV<\/a>/);
  });
});

describe("the stock beside a line", () => {
  it.each([
    [null, 1, "Stock non communiqué"],
    [{ available: 0, refillDate: null, refillQty: null }, 1, "Rupture de stock"],
    [{ available: 0, refillDate: "2026-12-04", refillQty: 20 }, 1, "Rupture de stock, réapprovisionnement prévu le 4 décembre 2026"],
    [{ available: 12, refillDate: null, refillQty: null }, null, "En stock : 12"],
    [{ available: 12, refillDate: null, refillQty: null }, 12, "En stock : 12"],
  ])("%j for %s", (stock, qty, text) => {
    expect(stockText(stock, qty)).toBe(text);
  });

  it("reads the typed quantity as the quick order does (empty: 1)", () => {
    expect([typedQuantity(""), typedQuantity(" 12 "), typedQuantity("abc")]).toEqual([1, 12, null]);
  });
});
