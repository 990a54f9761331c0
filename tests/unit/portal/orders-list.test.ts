import { describe, expect, it } from "vitest";
import { filterQuery, parseOrderFilters } from "~/services/orders/filters.server";
import { excelAmount, excelText, frenchExcelCsv } from "~/services/csv.server";

/** The order list's URL filters and the CSV export's cells (app/services/orders/). */
describe("the order list's filters", () => {
  it("reads every filter, and gives them back as the pages' query", () => {
    const parsed = parseOrderFilters(
      new URLSearchParams("du=2026-01-01&au=2026-03-31&statut=livrée&reference= CMD &produit=antenne&auteur=12&page=3"),
    );
    expect(parsed.filters).toEqual({ from: "2026-01-01", to: "2026-03-31", status: "livrée", ref: "CMD", product: "antenne", author: 12 });
    expect(parsed.page).toBe(3);
    expect(parsed.notices).toEqual([]);
    expect(filterQuery(parsed.filters)).toBe("du=2026-01-01&au=2026-03-31&statut=livr%C3%A9e&reference=CMD&produit=antenne&auteur=12");
  });

  it("ignores empty fields (a GET form sends them all)", () => {
    const parsed = parseOrderFilters(new URLSearchParams("du=&au=&statut=&reference=&produit=&auteur=&page="));
    expect(parsed.filters).toEqual({});
    expect(parsed.page).toBe(1);
    expect(parsed.notices).toEqual([]);
  });

  it("leaves out and explains what the back-office would refuse", () => {
    for (const page of ["-1", "0", "abc", "1.5", "10001", "9".repeat(40)]) {
      const parsed = parseOrderFilters(new URLSearchParams({ page }));
      expect(parsed.page, page).toBe(1);
      expect(
        parsed.notices.map((notice) => notice.field),
        page,
      ).toEqual(["page"]);
    }
    const parsed = parseOrderFilters(
      new URLSearchParams({
        du: "2026-02-30",
        au: "31/12/2026",
        statut: "perdue",
        reference: "r".repeat(5000),
        produit: "a\u0000b",
        auteur: "0",
      }),
    );
    expect(parsed.filters).toEqual({});
    expect(parsed.notices.map((notice) => notice.field)).toEqual(["du", "au", "statut", "reference", "produit", "auteur"]);
    expect(parsed.values.reference).toHaveLength(200);
    const reversed = parseOrderFilters(new URLSearchParams({ du: "2026-06-01", au: "2026-01-01" }));
    expect(reversed.filters).toEqual({ from: "2026-06-01" });
  });
});

describe("the CSV export's cells", () => {
  it("writes amounts with a decimal comma and no thousands separator", () => {
    expect(excelAmount(123456)).toBe("1234,56");
    expect(excelAmount(5)).toBe("0,05");
    expect(excelAmount(0)).toBe("0,00");
    expect(excelAmount(-1050)).toBe("-10,50");
  });

  it("quotes a cell with a separator, a quote or a newline, and keeps a formula as text", () => {
    const cell = (value: string) =>
      frenchExcelCsv([[excelText(value)]])
        .replace(/^\uFEFF/, "")
        .replace(/\r\n$/, "");
    expect(cell("Voilerie Atlantique")).toBe("Voilerie Atlantique");
    expect(cell('Réf "A;B"')).toBe('"Réf ""A;B"""');
    expect(cell("ligne 1\nligne 2")).toBe('"ligne 1\nligne 2"');
    expect(cell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(cell("-12")).toBe("'-12");
  });

  it("starts with the byte-order mark and ends every row with CRLF", () => {
    expect(
      frenchExcelCsv([
        ["a", "b"],
        ["1,50", "c"],
      ]),
    ).toBe("\uFEFFa;b\r\n1,50;c\r\n");
  });
});
