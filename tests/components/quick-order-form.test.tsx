// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import QuickOrderPage from "~/routes/_app.mon-panier.commande-rapide";

/**
 * With JavaScript the quick-order form is never reloaded: it is drawn anew only when the
 * answer's key changes (lines were added), so it then shows just what is left, and after a
 * failure it stays as the user left it, file included.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = {
  report: {
    added: { ref: string; title: string; qty: number }[];
    refused: { source: string; line: number; input: string; message: string }[];
    unlisted: number;
  };
  text: string;
  grid: { ref: string; qty: string }[];
  formKey: string | null;
  message: string | null;
};

type Preview =
  | {
      found: true;
      ref: string;
      title: string;
      unitPrice: number | null;
      stock: { available: number; refillDate: string | null; refillQty: number | null } | null;
    }
  | { found: false; ref: string; message: string };

/** The preview route answers « Référence inconnue » unless `previews` knows the reference. */
function stub(answer: (form: FormData) => Answer, previews: Record<string, Preview> = {}) {
  const posted: FormData[] = [];
  const asked: string[] = [];
  const Stub = createRemixStub([
    {
      path: "/mon-panier/commande-rapide",
      Component: QuickOrderPage,
      loader: () => ({ canEdit: true, gridRows: 3 }),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return answer(form);
      },
    },
  ]);
  // The grid asks its previews with a plain fetch (components/quick-order/useReferencePreview.ts).
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const ref = url.searchParams.get("ref") ?? "";
    asked.push(ref);
    return Response.json(previews[ref] ?? { found: false, ref, message: "Référence inconnue" });
  });
  render(<Stub initialEntries={["/mon-panier/commande-rapide"]} />);
  return Object.assign(posted, { asked });
}

const textArea = () => screen.getByLabelText<HTMLTextAreaElement>("Coller des lignes depuis un tableur");
const gridRef = (line: number) => screen.getByLabelText<HTMLInputElement>(`Référence, ligne ${line}`);
const gridQty = (line: number) => screen.getByLabelText<HTMLInputElement>(`Quantité, ligne ${line}`);
const fileInput = () => screen.getByLabelText<HTMLInputElement>(/importer un fichier/);

describe("QuickOrderForm with JavaScript", () => {
  it("shows only the refused lines after a mixed result", async () => {
    const posted = stub(() => ({
      report: {
        added: [{ ref: "GIL-1", title: "Gilet", qty: 2 }],
        refused: [{ source: "Texte collé", line: 2, input: "INCONNU-42 ; 1", message: "Référence inconnue : INCONNU-42." }],
        unlisted: 0,
      },
      text: "INCONNU-42;1",
      grid: [{ ref: "INCONNU-43", qty: "5" }],
      formKey: "after-1",
      message: null,
    }));
    await screen.findByRole("button", { name: "Ajouter au panier" });
    await userEvent.type(gridRef(1), "GIL-2");
    await userEvent.type(gridRef(2), "INCONNU-43");
    await userEvent.type(gridQty(2), "5");
    await userEvent.type(textArea(), "GIL-1;2{Enter}INCONNU-42;1");
    await userEvent.upload(fileInput(), new File(["GIL-3;1"], "commande.csv", { type: "text/csv" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter au panier" }));

    await screen.findByTestId("quick-order-report");
    expect(posted[0]?.get("form_key")).toBe("initial");
    await waitFor(() => expect(textArea().value).toBe("INCONNU-42;1"));
    expect([gridRef(1).value, gridQty(1).value, gridRef(2).value, gridQty(2).value]).toEqual(["INCONNU-43", "5", "", ""]);
    expect(fileInput().files).toHaveLength(0);
    expect(document.querySelector<HTMLInputElement>("input[name=form_key]")?.value).toBe("after-1");
  });

  it("keeps everything as the user left it, file included, when the whole request fails", async () => {
    stub((form) => ({
      report: { added: [], refused: [], unlisted: 0 },
      text: String(form.get("text")),
      grid: [],
      formKey: String(form.get("form_key")),
      message: "Le panier n'a pas pu être enregistré : le service est momentanément indisponible.",
    }));
    await screen.findByRole("button", { name: "Ajouter au panier" });
    await userEvent.type(gridRef(1), "GIL-2");
    await userEvent.type(textArea(), "GIL-1;2");
    await userEvent.upload(fileInput(), new File(["GIL-3;1"], "commande.csv", { type: "text/csv" }));
    await userEvent.click(screen.getByRole("button", { name: "Ajouter au panier" }));

    expect((await screen.findByRole("alert")).textContent).toMatch(/n'a pas pu être enregistré/);
    expect(textArea().value).toBe("GIL-1;2");
    expect(gridRef(1).value).toBe("GIL-2");
    expect(fileInput().files?.[0]?.name).toBe("commande.csv");
  });
});

describe("QuickOrderReport", () => {
  it("counts the refused lines it does not list", async () => {
    const refused = Array.from({ length: 100 }, (_unused, index) => ({
      source: "Fichier a.csv",
      line: index + 1,
      input: `B@D${index}`,
      message: "Référence invalide.",
    }));
    stub(() => ({ report: { added: [], refused, unlisted: 150 }, text: "", grid: [], formKey: null, message: null }));
    await userEvent.click(await screen.findByRole("button", { name: "Ajouter au panier" }));
    expect((await screen.findByTestId("quick-order-summary")).textContent).toBe("Aucun produit n'a été ajouté. 250 lignes refusées.");
    expect(document.querySelectorAll(".refused-lines__line")).toHaveLength(100);
    expect(screen.getByTestId("quick-order-unlisted").textContent).toBe("… et 150 autres lignes refusées, non détaillées.");
  });

  // Issue 24: « produit(s) ajouté(s) » and « ligne(s) refusée(s) » said in French, by Intl.PluralRules.
  it.each([
    [1, 1, 0, "1 produit ajouté au panier. 1 ligne refusée.", "… et 1 autre ligne refusée, non détaillée."],
    [2, 1, 1, "2 produits ajoutés au panier. 2 lignes refusées.", "… et 1 autre ligne refusée, non détaillée."],
  ])("says %i added and the refused lines in the singular or the plural", async (addedCount, unlisted, listed, summary, rest) => {
    const added = Array.from({ length: addedCount }, (_unused, index) => ({ ref: `GIL-${index}`, title: "Gilet", qty: 1 }));
    const refused = Array.from({ length: listed }, (_unused, index) => ({
      source: "Grille",
      line: index + 1,
      input: "X",
      message: "Référence inconnue : X.",
    }));
    stub(() => ({ report: { added, refused, unlisted }, text: "", grid: [], formKey: "after", message: null }));
    await userEvent.click(await screen.findByRole("button", { name: "Ajouter au panier" }));
    expect((await screen.findByTestId("quick-order-summary")).textContent).toBe(summary);
    expect(screen.getByTestId("quick-order-unlisted").textContent).toBe(rest);
  });
});
