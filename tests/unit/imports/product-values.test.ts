import { describe, expect, it } from "vitest";
import { PRODUCT_COLUMNS, STOCK_COLUMNS } from "../../../server/backoffice/imports/feeds/product-columns";
import {
  parseAvailableQuantity,
  parseImageUrls,
  parseKilograms,
  parseProductAmount,
  parseShippingFamilies,
} from "../../../server/backoffice/imports/feeds/product-values";
import { productImportRow, stockImportRow } from "@shared/contracts/imports";
import { feedTemplate } from "../../../server/backoffice/imports/feeds/columns";
import { headerKey } from "../../../server/backoffice/imports/reader/columns";
import { issueText, readTable } from "../../../server/backoffice/imports/reader/table";

/** The cells of the products and stock feeds the reader's kinds do not cover (feeds/product-values.ts). */
describe("the products feed's values", () => {
  it("reads list prices and ecotaxes as cents, refusing a negative or an absurd amount", () => {
    expect(parseProductAmount("129,90")).toEqual({ ok: true, value: 12990 });
    expect(parseProductAmount("1 234,5 €")).toEqual({ ok: true, value: 123450 });
    expect(parseProductAmount("0")).toEqual({ ok: true, value: 0 });
    expect(parseProductAmount("-3,00")).toEqual({ ok: false, problem: "est négatif" });
    expect(parseProductAmount("12.5.0")).toEqual({ ok: false, problem: "n'est pas un montant" });
    expect(parseProductAmount("10000000,01")).toEqual({ ok: false, problem: "dépasse 10 000 000 €" });
    expect(parseProductAmount("10000000")).toEqual({ ok: true, value: 1_000_000_000 });
  });

  it("reads weights in kg as whole grams, rounding past the gram", () => {
    expect(parseKilograms("1,35")).toEqual({ ok: true, value: 1350 });
    expect(parseKilograms("0.350")).toEqual({ ok: true, value: 350 });
    expect(parseKilograms("12 kg")).toEqual({ ok: true, value: 12000 });
    expect(parseKilograms("1 250")).toEqual({ ok: true, value: 1_250_000 });
    expect(parseKilograms("1.2500000000000002")).toEqual({ ok: true, value: 1250 });
    expect(parseKilograms("0,0005")).toEqual({ ok: true, value: 1 });
    expect(parseKilograms("0,0004")).toEqual({ ok: true, value: 0 });
    for (const bad of ["-1", "1,2,3", "lourd", "1 250,5 g"]) {
      expect(parseKilograms(bad)).toEqual({ ok: false, problem: "n'est pas un poids en kg (par exemple 1,25)" });
    }
  });

  it("reads the shipping families in French, with the usual other spellings, several at once", () => {
    expect(parseShippingFamilies("moteur")).toEqual({ ok: true, value: ["motor"] });
    expect(parseShippingFamilies("ANTENNE")).toEqual({ ok: true, value: ["antenna"] });
    expect(parseShippingFamilies("Matière dangereuse | balise")).toEqual({ ok: true, value: ["tag", "hazardous"] });
    expect(parseShippingFamilies("matiere-dangereuse,ADR")).toEqual({ ok: true, value: ["hazardous"] });
    expect(parseShippingFamilies("|")).toEqual({ ok: true, value: [] });
    expect(parseShippingFamilies("voilier")).toEqual({
      ok: false,
      problem: "n'est pas une famille d'expédition (moteur, antenne, balise, matière dangereuse)",
    });
  });

  it("reads picture addresses, http or https only, the first one the main picture", () => {
    expect(parseImageUrls("https://images.exemple.fr/a.jpg")).toEqual({ ok: true, value: ["https://images.exemple.fr/a.jpg"] });
    expect(parseImageUrls("http://img.exemple.fr/a b.jpg")).toEqual({
      ok: false,
      problem: "n'est pas une adresse d'image (http:// ou https://)",
    });
    expect(parseImageUrls("https://i.exemple.fr/1.jpg | https://i.exemple.fr/2.jpg")).toEqual({
      ok: true,
      value: ["https://i.exemple.fr/1.jpg", "https://i.exemple.fr/2.jpg"],
    });
    for (const bad of ["javascript:alert(1)", "/images/a.jpg", "ftp://exemple.fr/a.jpg", "data:image/png;base64,AAAA"]) {
      expect(parseImageUrls(bad), bad).toEqual({ ok: false, problem: "n'est pas une adresse d'image (http:// ou https://)" });
    }
    expect(parseImageUrls(`https://exemple.fr/${"a".repeat(500)}.jpg`)).toEqual({
      ok: false,
      problem: "est une adresse de plus de 500 caractères",
    });
    expect(parseImageUrls(Array.from({ length: 11 }, (_, index) => `https://exemple.fr/${index}.jpg`).join("|"))).toEqual({
      ok: false,
      problem: "compte plus de 10 images",
    });
  });

  it("reads a negative stock on hand as nothing available", () => {
    expect(parseAvailableQuantity("24")).toEqual({ ok: true, value: 24 });
    expect(parseAvailableQuantity("-3")).toEqual({ ok: true, value: 0 });
    expect(parseAvailableQuantity("1 200,00")).toEqual({ ok: true, value: 1200 });
    expect(parseAvailableQuantity("2,5")).toEqual({ ok: false, problem: "n'est pas une quantité entière" });
  });

  it("gives every column a header no other column of its feed reads", () => {
    for (const columns of [PRODUCT_COLUMNS, STOCK_COLUMNS]) {
      const names = columns.flatMap((column) => [column.header, ...column.aliases].map(headerKey));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it("reads its own template's example row without a refusal, into the row the contract describes", () => {
    const example = (feed: "products" | "stock", columns: typeof PRODUCT_COLUMNS) => {
      const lines = feedTemplate(feed).trimEnd().split("\n");
      return readTable(
        lines.map((line, index) => ({ line: index + 1, cells: line.split(";") })),
        columns,
      );
    };
    const products = example("products", PRODUCT_COLUMNS);
    const stock = example("stock", STOCK_COLUMNS);
    expect([...products.issues, ...stock.issues].map(issueText)).toEqual([]);
    expect([products.fields.size, stock.fields.size]).toEqual([PRODUCT_COLUMNS.length, STOCK_COLUMNS.length]);
    expect(productImportRow.strict().parse(products.records[0]?.values)).toMatchObject({
      reference: "GIL-PLA-150",
      brand_reference: "PLASTIMO",
      category_reference: "SEC-GIL",
      price: 12990,
      ecotax: 12,
      weight_gross: 1350,
      weight_net: 1100,
      shipping_families: null,
      images: ["https://images.exemple.fr/produits/GIL-PLA-150.jpg"],
      returnable: true,
    });
    expect(stockImportRow.strict().parse(stock.records[0]?.values)).toEqual({
      reference: "GIL-PLA-150",
      available: 24,
      refill_date: "2027-03-15",
      refill_quantity: 50,
    });
  });
});
