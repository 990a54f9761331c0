import { describe, expect, it } from "vitest";
import { stockOutlook, stockOutlookSentences } from "@shared/domain/stock-outlook";
import { line } from "./fixtures";

/** Issue 24: adding 500 of a product with 3 in stock said nothing before the order. */
describe("the stock a line meets", () => {
  it("says nothing when the stock on hand serves the whole quantity", () => {
    expect(stockOutlook(line({ qty: 3, prd_sto_disp: 3 }))).toBeNull();
  });

  it("says what leaves now, what follows and when, and what partial delivery makes of it", () => {
    const outlook = stockOutlook(line({ qty: 500, prd_sto_disp: 3, prd_refill_date: "2026-12-04", prd_refill_qte: 40 }));
    expect(outlook).toEqual({ ordered: 500, availableNow: 3, toFollow: 497, refillDate: "2026-12-04", refillQty: 40 });
    if (!outlook) throw new Error("no outlook");
    expect(stockOutlookSentences(outlook, false)).toEqual([
      "Seulement 3 disponibles maintenant sur 500 demandées.",
      "497 unités manquantes : 40 attendues au réapprovisionnement prévu le 4 décembre 2026, le reste à une date encore inconnue.",
      "Livraison partielle non acceptée : la commande partira en une fois, quand tout sera disponible.",
    ]);
    expect(stockOutlookSentences(outlook, true)[2]).toBe(
      "Livraison partielle acceptée : les 3 disponibles partent d'abord, le reste suit en reliquat.",
    );
  });

  it("says when a refill covers the rest, or that its date is unknown", () => {
    const covered = stockOutlook(line({ qty: 5, prd_sto_disp: 1, prd_refill_date: "2026-12-04", prd_refill_qte: 40 }));
    const unknown = stockOutlook(line({ qty: 2, prd_sto_disp: 1, prd_refill_date: null, prd_refill_qte: null }));
    const noQuantity = stockOutlook(line({ qty: 2, prd_sto_disp: -4, prd_refill_date: "2027-01-15", prd_refill_qte: 0 }));
    if (!covered || !unknown || !noQuantity) throw new Error("no outlook");
    expect(stockOutlookSentences(covered, true).slice(0, 2)).toEqual([
      "Seulement 1 disponible maintenant sur 5 demandées.",
      "4 unités manquantes : réapprovisionnement prévu le 4 décembre 2026.",
    ]);
    expect(stockOutlookSentences(covered, true)[2]).toBe(
      "Livraison partielle acceptée : l'unité disponible part d'abord, le reste suit en reliquat.",
    );
    expect(stockOutlookSentences(unknown, false)[1]).toBe("1 unité manquante : date de réapprovisionnement encore inconnue.");
    expect(stockOutlookSentences(noQuantity, true)).toEqual([
      "Aucune unité disponible maintenant sur 2 demandées.",
      "2 unités manquantes : réapprovisionnement prévu le 15 janvier 2027.",
      "Livraison partielle acceptée : le reste de la commande part d'abord, ce produit suit en reliquat.",
    ]);
  });

  it("agrees in number, and shows a date it cannot read as given", () => {
    const one = stockOutlook(line({ qty: 1, prd_sto_disp: 0, prd_refill_date: "bientôt", prd_refill_qte: 1 }));
    if (!one) throw new Error("no outlook");
    expect(stockOutlookSentences(one, false).slice(0, 2)).toEqual([
      "Aucune unité disponible maintenant sur 1 demandée.",
      "1 unité manquante : réapprovisionnement prévu le bientôt.",
    ]);
    const refillOfOne = stockOutlook(line({ qty: 3, prd_sto_disp: 0, prd_refill_date: "2026-12-04", prd_refill_qte: 1 }));
    if (!refillOfOne) throw new Error("no outlook");
    expect(stockOutlookSentences(refillOfOne, false)[1]).toBe(
      "3 unités manquantes : 1 attendue au réapprovisionnement prévu le 4 décembre 2026, le reste à une date encore inconnue.",
    );
  });
});
