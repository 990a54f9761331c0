import { describe, expect, it } from "vitest";
import { describeProduct } from "../../../server/backoffice/seed/catalogue";
import { GLOBAL_PROMOTIONS } from "../../../server/backoffice/seed/prices";
import {
  BRAND_NAMES,
  CATALOGUE_TREE,
  FEMININE_HEADS,
  type CategoryNode,
  type LeafSpec,
} from "../../../server/backoffice/seed/catalogue-tree";

/**
 * Issue 24: the demo data in correct French. A description agrees with the noun that heads
 * the product's title (« Antenne … conçue », « Gilet … conçu »); names keep their accents.
 */

const MASCULINE_HEADS = new Set([
  "Traceur",
  "Sondeur",
  "Pilote",
  "Transpondeur",
  "Panneau",
  "Chargeur",
  "Moteur",
  "Filtre",
  "Gilet",
  "Feu",
  "Extincteur",
  "Radeau",
  "Taquet",
  "Winch",
  "Antifouling",
  "Vernis",
  "Primaire",
  "Diluant",
  "Nettoyant",
  "Mastic",
  "Plafonnier",
  "WC",
  "Réfrigérateur",
]);

function leaves(nodes: readonly CategoryNode[]): LeafSpec[] {
  return nodes.flatMap((node) => [...(node.leaf ? [node.leaf] : []), ...leaves(node.children ?? [])]);
}

describe("the demo catalogue's wording", () => {
  it("knows the gender of every noun that heads a product title", () => {
    const heads = leaves(CATALOGUE_TREE).map((leaf) => leaf.noun.split(" ")[0] ?? "");
    expect(heads.filter((head) => !FEMININE_HEADS.has(head) && !MASCULINE_HEADS.has(head))).toEqual([]);
  });

  it("makes each description agree with its noun", () => {
    const [antenna, lifeJacket] = ["AVF15", "GAG"].map((code) => leaves(CATALOGUE_TREE).find((leaf) => leaf.code === code));
    if (!antenna || !lifeJacket) throw new Error("demo leaves missing");
    expect(describeProduct("Antenne VHF fibre 1,5 m blanche Glénan", antenna, "Glénan")).toMatch(
      /^Antenne VHF fibre 1,5 m blanche Glénan : conçue par Glénan pour un usage intensif en mer, résistante aux UV/,
    );
    expect(describeProduct("Gilet autogonflant 150 N Glénan", lifeJacket, "Glénan")).toMatch(
      /^Gilet autogonflant 150 N Glénan : conçu par Glénan [^.]*, résistant aux UV/,
    );
  });

  it("names the promotions with their accents", () => {
    expect(GLOBAL_PROMOTIONS).toContain("Déstockage");
    expect(GLOBAL_PROMOTIONS).not.toContain("Destockage");
  });

  it("writes French words of brand names with their accents", () => {
    expect(BRAND_NAMES).toContain("Cap Horn Équipement");
    expect(BRAND_NAMES.filter((name) => /\bEquipement\b/.test(name))).toEqual([]);
  });
});
