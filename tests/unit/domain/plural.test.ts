import { describe, expect, it } from "vitest";
import { countOf, plural } from "@shared/domain/plural";

/** Issue 24: « produit(s) ajouté(s) » becomes French chosen by the count. */
describe("French plurals", () => {
  it.each([
    [0, "0 ligne refusée"],
    [1, "1 ligne refusée"],
    [2, "2 lignes refusées"],
    [1250, "1\u202f250 lignes refusées"],
  ])("%i", (count, text) => {
    expect(countOf(count, "ligne refusée", "lignes refusées")).toBe(text);
  });

  it("gives the form alone", () => {
    expect(plural(1, "a été ajouté", "ont été ajoutés")).toBe("a été ajouté");
    expect(plural(3, "a été ajouté", "ont été ajoutés")).toBe("ont été ajoutés");
  });
});
