import { describe, expect, it } from "vitest";
import { planCodes, type ExistingCode, type KnownProduct } from "../../../server/backoffice/part-numbers/plan";

/**
 * What a file of own codes changes (server/backoffice/part-numbers/plan.ts, docs/part-numbers.md):
 * a refused line never costs the product named on it its current code, also when the ERP's call
 * replaces the whole set (`replace`).
 */

const PRODUCTS: KnownProduct[] = [
  { id: 1, ref: "DRI00001", is_port: false },
  { id: 2, ref: "MAN00005", is_port: false },
  { id: 3, ref: "NET00001", is_port: false },
  { id: 9, ref: "PORT-STD", is_port: true },
];
const productOf = (ref: string) => PRODUCTS.find((product) => product.ref === ref.toUpperCase());
const EXISTING: ExistingCode[] = [
  { product_id: 1, code_key: "VACORD08", ref: "DRI00001" },
  { product_id: 2, code_key: "VAMANI05", ref: "MAN00005" },
  { product_id: 3, code_key: "VANETT01", ref: "NET00001" },
];

describe("planning a file of own codes", () => {
  it("replacing the set removes the codes the file leaves out, and keeps those of products on a refused line", () => {
    const plan = planCodes(
      [
        { line: 1, code: "VA-CORD-8", ref: "DRI00001" },
        { line: 2, code: "bad%code", ref: "MAN00005" },
      ],
      productOf,
      EXISTING,
      true,
    );
    expect(plan.writes).toEqual([{ product_id: 1, code: "VA-CORD-8", code_key: "VACORD8" }]);
    expect(plan.refused.map((refusal) => refusal.line)).toEqual([2]);
    expect(plan.removals).toEqual([3]);
  });

  it("keeps a product's code when its new one clashes with a code that stays", () => {
    const plan = planCodes([{ line: 1, code: "VA-MANI-05", ref: "NET00001" }], productOf, EXISTING, false);
    expect(plan.writes).toEqual([]);
    expect(plan.refused).toEqual([
      { line: 1, input: "VA-MANI-05 ; NET00001", message: "Le code VA-MANI-05 est déjà celui de la référence MAN00005." },
    ]);
    expect(plan.removals).toEqual([]);
  });

  it("refuses a shipping line, an unknown reference and a code given twice in the file, each with its line", () => {
    const plan = planCodes(
      [
        { line: 2, code: "A-1", ref: "PORT-STD" },
        { line: 3, code: "A-2", ref: "INCONNU" },
        { line: 4, code: "A-3", ref: "DRI00001" },
        { line: 5, code: "a 3", ref: "MAN00005" },
      ],
      productOf,
      [],
      true,
    );
    expect(plan.refused.map((refusal) => [refusal.line, refusal.message])).toEqual([
      [2, "PORT-STD est un frais de port : il ne prend pas de code."],
      [3, "Référence inconnue : INCONNU."],
      [5, "Le code a 3 est déjà donné à la ligne 4 du fichier."],
    ]);
    expect(plan.writes.map((write) => write.product_id)).toEqual([1]);
  });
});
