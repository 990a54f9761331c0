import { describe, expect, it } from "vitest";
import { cartUpdateMessage, type CartUpdatePayload } from "@shared/realtime/events";

const gilet = { ref: "GIL-100", title: "Gilet autogonflant 150N", qty: 2 };
const feu = { ref: "FEU-7", title: "Feu de navigation", qty: 1 };

function update(kind: CartUpdatePayload["kind"], products: CartUpdatePayload["products"] = []): CartUpdatePayload {
  return { kind, products, author: "Marie Durand", orgId: 12, version: 4 };
}

describe("cartUpdateMessage: the French notices of docs/specification.md §8", () => {
  it.each([
    ["added", [gilet], "Le produit Gilet autogonflant 150N a été ajouté au panier par Marie Durand"],
    ["removed", [gilet], "Le produit Gilet autogonflant 150N a été retiré du panier par Marie Durand"],
    ["cleared", [], "Le panier a été vidé par Marie Durand"],
    ["order_confirmed", [], "La commande a été confirmée par Marie Durand"],
    ["quantity", [gilet], "La quantité du produit Gilet autogonflant 150N a été modifiée par Marie Durand"],
  ] as const)("%s", (kind, products, expected) => {
    expect(cartUpdateMessage(update(kind, [...products]))).toBe(expected);
  });

  it("counts several products added at once (quick order)", () => {
    expect(cartUpdateMessage(update("added", [gilet, feu]))).toBe("2 produits ont été ajoutés au panier par Marie Durand");
    expect(cartUpdateMessage(update("added"))).toBe("Le panier a été complété par Marie Durand");
  });

  it("speaks of one product or of several for quantity changes", () => {
    expect(cartUpdateMessage(update("quantities", [feu]))).toBe("La quantité du produit Feu de navigation a été modifiée par Marie Durand");
    expect(cartUpdateMessage(update("quantities", [gilet, feu]))).toBe("Les quantités de 2 produits ont été modifiées par Marie Durand");
    expect(cartUpdateMessage(update("quantities"))).toBe("Les quantités du panier ont été modifiées par Marie Durand");
  });

  it("names the product by its reference when it has no title", () => {
    expect(cartUpdateMessage(update("added", [{ ref: "XK-1", title: "  ", qty: 1 }]))).toBe(
      "Le produit XK-1 a été ajouté au panier par Marie Durand",
    );
  });

  it("has a notice for a removal of an unknown line, options, details and certificates", () => {
    expect(cartUpdateMessage(update("removed"))).toBe("Un produit a été retiré du panier par Marie Durand");
    expect(cartUpdateMessage(update("options"))).toBe("Les options de livraison du panier ont été modifiées par Marie Durand");
    expect(cartUpdateMessage(update("details"))).toBe("La référence et le commentaire du panier ont été modifiés par Marie Durand");
    expect(cartUpdateMessage(update("certificates", [gilet]))).toBe(
      "Les certificats MMSI du produit Gilet autogonflant 150N ont été modifiés par Marie Durand",
    );
    expect(cartUpdateMessage(update("certificates"))).toBe("Les certificats MMSI du panier ont été modifiés par Marie Durand");
  });

  it("tells the organization of a cart sent for approval and of the decision, naming the request (issue 37)", () => {
    const named = (kind: "approval_requested" | "approval_approved" | "approval_refused") => ({ ...update(kind), reference: "VAL-000012" });
    expect(cartUpdateMessage(named("approval_requested"))).toBe(
      "Le panier a été envoyé pour validation par Marie Durand (demande VAL-000012)",
    );
    expect(cartUpdateMessage(named("approval_approved"))).toBe(
      "La demande de validation VAL-000012 a été approuvée par Marie Durand : la commande est passée",
    );
    expect(cartUpdateMessage(named("approval_refused"))).toBe("La demande de validation VAL-000012 a été refusée par Marie Durand");
    expect(cartUpdateMessage(update("approval_refused"))).toBe("La demande de validation a été refusée par Marie Durand");
  });
});
