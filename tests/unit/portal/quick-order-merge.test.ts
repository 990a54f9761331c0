import { describe, expect, it } from "vitest";
import { mergeSources } from "~/services/cart/quick-order.server";
import { gridSource, textSource, type QuickOrderSource } from "~/services/cart/quick-order-input.server";
import { QUICK_ORDER_MAX_LINES, parseQuickOrderText } from "@shared/domain/quick-order";

const lines = (prefix: string, count: number) => Array.from({ length: count }, (_unused, index) => `${prefix}${index};1`).join("\n");

describe("mergeSources", () => {
  it("applies the reference limit to the grid, the text and the file together", () => {
    const grid = gridSource(Object.fromEntries(Array.from({ length: 10 }, (_unused, index) => [`ref_${index}`, `G${index}`])));
    const file: QuickOrderSource = { label: "Fichier commande.csv", parse: parseQuickOrderText(`${lines("F", 150)}\nG0;4\nT0;2`) };
    const merged = mergeSources([grid, textSource(lines("T", 150)), file]);
    expect(merged.entries).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(merged.entries.find((entry) => entry.ref === "G0")?.qty).toBe(5);
    expect(merged.entries.find((entry) => entry.ref === "T0")?.qty).toBe(3);
    expect(merged.refused).toEqual([
      {
        source: "Fichier commande.csv",
        line: 41,
        input: "F40",
        message:
          "Commande tronquée : au plus 200 références par commande rapide (grille, texte et fichier ensemble), 110 lignes ignorées ici.",
        ignored: 110,
      },
    ]);
  });

  it("adds up the refused lines each source only counted", () => {
    const bad = textSource(lines("B@D", 250));
    const merged = mergeSources([bad, { label: "Fichier a.csv", parse: parseQuickOrderText(lines("B@D", 130)) }]);
    expect(merged.refused).toHaveLength(200);
    expect(merged.unlisted).toBe(150 + 30);
  });
});
