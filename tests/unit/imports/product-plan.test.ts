import { describe, expect, it } from "vitest";
import {
  planProducts,
  referenceKey,
  type ProductLine,
  type ProductPlanInput,
  type StoredProduct,
} from "../../../server/backoffice/imports/feeds/product-plan";
import { planStock } from "../../../server/backoffice/imports/feeds/stock-plan";
import { PRODUCT_COLUMNS } from "../../../server/backoffice/imports/feeds/product-columns";
import { issueText } from "../../../server/backoffice/imports/reader/table";

/** The upserts of the products and stock feeds, on given stored rows (feeds/product-plan.ts, feeds/stock-plan.ts). */

const EVERY_COLUMN = new Set(PRODUCT_COLUMNS.map((column) => column.field));

function line(overrides: Partial<ProductLine> = {}): ProductLine {
  return {
    line: 2,
    reference: "GIL-150",
    title: "Gilet 150 N",
    description: "Gilet automatique.",
    brandReference: "PLASTIMO",
    categoryReference: "SEC-GIL",
    price: 12990,
    ecotax: 12,
    weightGross: 1350,
    weightNet: 1100,
    mmsi: false,
    shippingFamilies: [],
    discontinued: false,
    images: ["https://images.exemple.fr/gil.jpg"],
    returnable: null,
    ...overrides,
  };
}

function stored(overrides: Partial<StoredProduct> = {}): StoredProduct {
  return {
    id: 7,
    ref: "GIL-150",
    ref_norm: "GIL-150",
    title: "Gilet 150 N",
    name: "Gilet 150 N",
    description: "Gilet automatique.",
    brand_id: 1,
    category_id: 10,
    price_selling: 12990,
    ecotaxe: 12,
    weight_gross: 1350,
    weight_net: 1100,
    is_port: false,
    discontinued: false,
    is_mmsi: false,
    is_motor: false,
    is_antenna: false,
    is_tag: false,
    is_hazardous: false,
    images: ["https://images.exemple.fr/gil.jpg"],
    returnable: true,
    ...overrides,
  };
}

function plan(input: Partial<ProductPlanInput>) {
  return planProducts({
    lines: [],
    stored: [],
    brands: new Map([["PLASTIMO", 1]]),
    categories: new Map([
      ["SEC-GIL", 10],
      ["MOT", 11],
    ]),
    present: EVERY_COLUMN,
    full: false,
    refusedLines: false,
    ...input,
  });
}

describe("the products feed's plan", () => {
  it("creates an unknown reference, leaves an identical product alone and updates a changed one", () => {
    const result = plan({
      lines: [
        line(),
        line({ line: 3, reference: "GIL-275", price: 15990 }),
        line({ line: 4, reference: "MOT 2", categoryReference: "MOT" }),
      ],
      stored: [
        stored(),
        stored({ id: 8, ref: "GIL-275", ref_norm: "GIL-275", price_selling: 14990 }),
        stored({ id: 9, ref: "MOT2", ref_norm: "MOT2" }),
      ],
    });
    expect(result.issues).toEqual([]);
    expect(result.counts).toEqual({ created: 0, updated: 2, unchanged: 1 });
    // Only a change of the search document's columns writes them (its trigger then fires).
    expect(
      result.updates.map((update) => [
        update.id,
        update.values.price_selling,
        update.values.ref,
        update.values.category_id,
        update.searched,
      ]),
    ).toEqual([
      [8, 15990, "GIL-275", 10, false],
      [9, 12990, "MOT 2", 11, true],
    ]);
    const created = plan({ lines: [line({ shippingFamilies: ["motor", "hazardous"], mmsi: true })] });
    expect(created.creates).toEqual([
      {
        ref: "GIL-150",
        title: "Gilet 150 N",
        name: "Gilet 150 N",
        description: "Gilet automatique.",
        brand_id: 1,
        category_id: 10,
        price_selling: 12990,
        ecotaxe: 12,
        weight_gross: 1350,
        weight_net: 1100,
        is_mmsi: true,
        is_motor: true,
        is_antenna: false,
        is_tag: false,
        is_hazardous: true,
        discontinued: false,
        images: ["https://images.exemple.fr/gil.jpg"],
        returnable: true,
      },
    ]);
  });

  it("reads « Retournable »: oui or non as written, an empty cell or no column keeps the stored flag, true for a new product", () => {
    const refused = stored({ returnable: false });
    const values = (input: Partial<ProductPlanInput>) => {
      const result = plan(input);
      return [...result.creates, ...result.updates.map((update) => update.values)].map((product) => product.returnable);
    };
    expect(values({ lines: [line({ returnable: false })] })).toEqual([false]);
    expect(values({ lines: [line({ returnable: null })] })).toEqual([true]);
    expect(values({ lines: [line({ returnable: true })], stored: [refused] })).toEqual([true]);
    expect(plan({ lines: [line({ returnable: null })], stored: [refused] }).counts).toMatchObject({ updated: 0, unchanged: 1 });
    const withoutColumn = new Set([...EVERY_COLUMN].filter((field) => field !== "returnable"));
    expect(plan({ lines: [line({ returnable: true })], stored: [refused], present: withoutColumn }).counts).toMatchObject({ unchanged: 1 });
    expect(values({ lines: [line({ returnable: false })], present: withoutColumn })).toEqual([true]);
  });

  it("keeps what the file has no column for, and the portal's own short name", () => {
    const present = new Set(["reference", "title", "category_reference", "price"]);
    const kept = stored({ name: "Gilet PLA-150", description: "Texte du portail", discontinued: true, is_tag: true, images: ["/a.jpg"] });
    const result = plan({
      lines: [line({ title: "Gilet 150 N harnais", description: null, brandReference: null, images: null, shippingFamilies: null })],
      stored: [kept],
      present,
    });
    expect(result.updates).toHaveLength(1);
    expect(result.updates[0]?.values).toMatchObject({
      title: "Gilet 150 N harnais",
      name: "Gilet PLA-150",
      description: "Texte du portail",
      brand_id: 1,
      discontinued: true,
      is_tag: true,
      images: ["/a.jpg"],
    });
    const created = plan({ lines: [line({ description: null, images: null })], present });
    expect(created.creates[0]).toMatchObject({
      description: "",
      brand_id: null,
      ecotaxe: 0,
      weight_gross: 0,
      images: [],
      discontinued: false,
    });
  });

  it("refuses an unknown brand or category, a shipping line and one product named twice, in French", () => {
    const result = plan({
      lines: [
        line({ brandReference: "INCONNUE" }),
        line({ line: 3, reference: "B", categoryReference: "SEC-XXX" }),
        line({ line: 4, reference: "PORT_FRANCO" }),
        line({ line: 5, reference: "C 1" }),
        line({ line: 6, reference: "C1" }),
        line({ line: 7, reference: "PORT-X" }),
      ],
      stored: [stored({ id: 3, ref: "PORT-X", ref_norm: "PORT-X", is_port: true })],
    });
    expect(result.issues.map(issueText)).toEqual([
      "ligne 2, colonne Référence marque : « INCONNUE » n'est pas une marque connue (importez-la d'abord avec le flux brands)",
      "ligne 3, colonne Référence catégorie : « SEC-XXX » n'est pas une catégorie connue (importez-la d'abord avec le flux categories)",
      "ligne 4, colonne Référence : « PORT_FRANCO » est un article de frais de port du portail : il ne s'importe pas",
      "ligne 6, colonne Référence : « C1 » désigne le même produit que la ligne 5 (les espaces ne comptent pas)",
      "ligne 7, colonne Référence : « PORT-X » est un article de frais de port du portail : il ne s'importe pas",
    ]);
    expect(result.counts).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it("with full, marks the products missing from the file discontinued, never a shipping line nor one already so", () => {
    const catalogue = [
      stored(),
      stored({ id: 8, ref: "OLD", ref_norm: "OLD" }),
      stored({ id: 9, ref: "GONE", ref_norm: "GONE", discontinued: true }),
      stored({ id: 10, ref: "PORT_FRANCO", ref_norm: "PORT_FRANCO", is_port: true }),
    ];
    const full = plan({ lines: [line()], stored: catalogue, full: true });
    expect(full.discontinue).toEqual([8]);
    expect(full.counts).toEqual({ created: 0, updated: 0, unchanged: 1, discontinued: 1 });
    expect(plan({ lines: [line()], stored: catalogue }).discontinue).toEqual([]);
    // A refused line anywhere: its product is in the file, so nothing is marked.
    expect(plan({ lines: [line()], stored: catalogue, full: true, refusedLines: true }).counts.discontinued).toBe(0);
    expect(
      plan({ lines: [line(), line({ line: 3, reference: "X", brandReference: "?" })], stored: catalogue, full: true }).discontinue,
    ).toEqual([]);
    // With full, « Arrêté » absent from the file reads « non »: a product back in the file is sold again.
    const back = plan({
      lines: [line()],
      stored: [stored({ discontinued: true })],
      full: true,
      present: new Set([...EVERY_COLUMN].filter((field) => field !== "discontinued")),
    });
    expect(back.updates[0]?.values.discontinued).toBe(false);
  });

  it("normalises a reference as the database does", () => {
    expect(referenceKey("ab 12 c")).toBe("AB12C");
  });
});

describe("the stock feed's plan", () => {
  const products = new Map([
    ["GIL-150", { id: 7, is_port: false }],
    ["GIL-275", { id: 8, is_port: false }],
    ["PORT_FRANCO", { id: 9, is_port: true }],
  ]);

  it("creates, updates or leaves each product's row, keeping the refill when its columns are absent", () => {
    const stocks = new Map([[8, { product_id: 8, sto_disp: 3, refill_date: "2027-03-15", refill_qte: 50 }]]);
    const lines = [
      { line: 2, reference: "GIL-150", available: 24, refillDate: null, refillQuantity: null },
      { line: 3, reference: "GIL- 275", available: 3, refillDate: null, refillQuantity: null },
    ];
    const kept = planStock({ lines, products, stocks, present: new Set(["reference", "available"]) });
    expect(kept.counts).toEqual({ created: 1, updated: 0, unchanged: 1 });
    expect(kept.writes).toEqual([{ product_id: 7, sto_disp: 24, refill_date: null, refill_qte: null }]);
    const cleared = planStock({ lines, products, stocks, present: new Set(["reference", "available", "refill_date", "refill_quantity"]) });
    expect(cleared.counts).toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(cleared.writes[1]).toEqual({ product_id: 8, sto_disp: 3, refill_date: null, refill_qte: null });
  });

  it("refuses an unknown product, a shipping line and a product named twice", () => {
    const result = planStock({
      lines: [
        { line: 2, reference: "NOPE", available: 1, refillDate: null, refillQuantity: null },
        { line: 3, reference: "PORT_FRANCO", available: 1, refillDate: null, refillQuantity: null },
        { line: 4, reference: "GIL-150", available: 1, refillDate: null, refillQuantity: null },
        { line: 5, reference: "GIL -150", available: 2, refillDate: null, refillQuantity: null },
      ],
      products,
      stocks: new Map(),
      present: new Set(["reference", "available"]),
    });
    expect(result.issues.map(issueText)).toEqual([
      "ligne 2, colonne Référence : « NOPE » n'est pas un produit connu (importez-le d'abord avec le flux products)",
      "ligne 3, colonne Référence : « PORT_FRANCO » est un article de frais de port du portail : il n'a pas de stock",
      "ligne 5, colonne Référence : « GIL -150 » désigne le même produit que la ligne 4 (les espaces ne comptent pas)",
    ]);
    expect(result.writes).toHaveLength(1);
  });
});
