import { describe, expect, it } from "vitest";
import { feedTemplate } from "../../../server/backoffice/imports/feeds/columns";
import { PRICE_COLUMNS } from "../../../server/backoffice/imports/feeds/price-columns";
import { lineKey, readPriceLine, type PriceLine, type PriceLookups } from "../../../server/backoffice/imports/feeds/price-lines";
import { FeedFileError } from "../../../server/backoffice/imports/reader/errors";
import { readSheetRows } from "../../../server/backoffice/imports/reader/read";
import { issueText, readTable, type FeedRecord } from "../../../server/backoffice/imports/reader/table";
import { parsePercent } from "../../../server/backoffice/imports/reader/values";

/** The prices feed's lines (server/backoffice/imports/feeds/price-lines.ts): what each means, or why it is refused, in French. */

const LOOKUPS: PriceLookups = {
  customers: new Map([["C0001", 3]]),
  groups: new Map([
    ["REVENDEURS", 1],
    ["CHANTIERS", 2],
  ]),
  products: new Map([
    ["GMO00013", { id: 10, price_selling: 2090, is_port: false }],
    ["ANO00025", { id: 11, price_selling: 2490, is_port: false }],
    ["AFO00031", { id: 12, price_selling: 12090, is_port: false }],
    ["EXT00009", { id: 13, price_selling: 9190, is_port: false }],
    ["PORT_FRANCE", { id: 14, price_selling: 1500, is_port: true }],
  ]),
  brands: new Map([["PLASTIMO", 5]]),
};

const HEADER = PRICE_COLUMNS.map((column) => column.header).join(";");

async function records(lines: string[], header = HEADER): Promise<{ records: FeedRecord[]; issues: string[] }> {
  const table = readTable(await readSheetRows(new TextEncoder().encode([header, ...lines].join("\n"))), PRICE_COLUMNS);
  return { records: table.records, issues: table.issues.map(issueText) };
}

/** Each line read on its own: the line, or its refusals as the report prints them. */
async function read(lines: string[]): Promise<(PriceLine | string[])[]> {
  const table = await records(lines);
  expect(table.issues).toEqual([]);
  return table.records.map((record) => {
    const result = readPriceLine(record, LOOKUPS);
    return "line" in result ? result.line : result.issues.map(issueText);
  });
}

describe("the prices feed's lines", () => {
  it("reads the template's five lines, one of each kind, as the portal will write them", async () => {
    const [header = "", ...lines] = feedTemplate("prices").trim().split("\n");
    expect(lines).toHaveLength(5);
    const [customerPrice, groupBrand, groupProduct, promotion, customerPromotion] = await (async () => {
      const table = await records(lines, header);
      expect(table.issues).toEqual([]);
      return table.records.map((record) => readPriceLine(record, LOOKUPS));
    })();
    expect(customerPrice).toEqual({
      line: {
        kind: "condition",
        line: 2,
        table: "org_product_prices",
        ownerId: 3,
        targetId: 10,
        price: 1790,
        discount: null,
        starts_on: null,
        ends_on: null,
      },
    });
    expect(groupBrand).toMatchObject({
      line: { table: "price_group_brand_discounts", ownerId: 1, targetId: 5, price: null, discount: 12.5 },
    });
    expect(groupProduct).toMatchObject({
      line: { table: "price_group_product_prices", ownerId: 2, targetId: 11, discount: 8, starts_on: "2027-03-01", ends_on: "2027-06-30" },
    });
    expect(promotion).toEqual({
      line: {
        kind: "promotion",
        line: 5,
        orgId: null,
        productId: 12,
        name: "Offre Salon Nautique",
        promoPrice: 9900,
        starts_on: "2026-12-05",
        ends_on: "2026-12-14",
      },
    });
    // 20 % off 91.90 € is 73.52 €: a discount on a promotion line is turned into its price.
    expect(customerPromotion).toMatchObject({ line: { kind: "promotion", orgId: 3, productId: 13, promoPrice: 7352 } });
  });

  it("refuses a line whose columns do not go together, saying which and why", async () => {
    expect(
      await read([
        "C0001;REVENDEURS;GMO00013;;;10;;;",
        ";;GMO00013;;;10;;;",
        "C0001;;;;;10;;;",
        "C0001;;GMO00013;PLASTIMO;;;5;;",
        ";REVENDEURS;;PLASTIMO;;10;;;",
        "C0001;;GMO00013;;;10;5;;",
        "C0001;;GMO00013;;;;;;",
        "C0001;;GMO00013;;;-1,50;;;",
        "C0001;;GMO00013;;;20000000;;;",
        "C0001;;GMO00013;;;10;;31/12/2026;01/12/2026",
      ]),
    ).toEqual([
      ["ligne 2, colonne Groupe de prix : « REVENDEURS » une ligne vaut pour un client ou pour un groupe de prix, pas les deux"],
      ["ligne 3, colonne Référence client : est obligatoire, ou le Groupe de prix, ou le nom de la Promotion"],
      ["ligne 4, colonne Référence produit : est obligatoire, ou la Référence marque pour une remise sur la marque"],
      ["ligne 5, colonne Référence marque : « PLASTIMO » une ligne vaut pour un produit ou pour une marque, pas les deux"],
      ["ligne 6, colonne Prix net HT : « 10,00 » un prix net vaut pour un produit : pour une marque, donnez une Remise (%)"],
      ["ligne 7, colonne Remise (%) : « 5 » une ligne donne un prix ou une remise, pas les deux"],
      ["ligne 8, colonne Prix net HT : est obligatoire, ou la Remise (%)"],
      ["ligne 9, colonne Prix net HT : « -1,50 » est négatif"],
      ["ligne 10, colonne Prix net HT : « 20000000,00 » dépasse 10 000 000,00 €"],
      ["ligne 11, colonne Date de fin : « 01/12/2026 » précède la Date de début (31/12/2026)"],
    ]);
  });

  it("refuses a promotion for a group or a brand, or without its product and dates", async () => {
    expect(
      await read([
        ";REVENDEURS;GMO00013;;Promo;10;;01/01/2027;31/01/2027",
        ";;;PLASTIMO;Promo;;10;01/01/2027;31/01/2027",
        ";;;;Promo;10;;;",
      ]),
    ).toEqual([
      [
        "ligne 2, colonne Groupe de prix : « REVENDEURS » une promotion vaut pour tous les clients ou pour un client, pas pour un groupe de prix",
      ],
      ["ligne 3, colonne Référence marque : « PLASTIMO » une promotion vaut pour un produit, pas pour une marque"],
      [
        "ligne 4, colonne Référence produit : est obligatoire pour une promotion",
        "ligne 4, colonne Date de début : est obligatoire pour une promotion",
        "ligne 4, colonne Date de fin : est obligatoire pour une promotion",
      ],
    ]);
  });

  it("names every unknown reference of a line, and refuses a shipping product", async () => {
    expect(await read(["C9999;;ZZZ01;;;10;;;", ";INCONNU;;NOPE;;;5;;", "C0001;;PORT_FRANCE;;;10;;;"])).toEqual([
      [
        "ligne 2, colonne Référence client : « C9999 » n'est pas un client connu",
        "ligne 2, colonne Référence produit : « ZZZ01 » n'est pas un produit connu",
      ],
      [
        "ligne 3, colonne Groupe de prix : « INCONNU » n'est pas un groupe de prix connu (flux price-groups)",
        "ligne 3, colonne Référence marque : « NOPE » n'est pas une marque connue (flux brands)",
      ],
      ["ligne 4, colonne Référence produit : « PORT_FRANCE » est un port : son prix suit les règles de livraison"],
    ]);
  });

  it("keys a condition by owner, target and start, and a promotion by customer, product and name whatever its case", async () => {
    const lines = await read([
      "C0001;;GMO00013;;;10;;;",
      "C0001;;GMO00013;;;11;;01/01/2027;",
      ";REVENDEURS;GMO00013;;;10;;;",
      ";;GMO00013;;Promo d'hiver;9;;01/01/2027;31/01/2027",
      ";;GMO00013;;PROMO D'HIVER;8;;01/02/2027;28/02/2027",
    ]);
    const keys = lines.map((line) => (Array.isArray(line) ? "refusée" : lineKey(line)));
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[4]);
  });

  it("reads a discount in percent, 0 to 100, two decimals at most", () => {
    expect(parsePercent("12,5")).toEqual({ ok: true, value: 12.5 });
    expect(parsePercent("33.33 %")).toEqual({ ok: true, value: 33.33 });
    expect(parsePercent("100")).toEqual({ ok: true, value: 100 });
    expect(parsePercent("0")).toEqual({ ok: true, value: 0 });
    expect(parsePercent("100,01")).toEqual({ ok: false, problem: "n'est pas une remise de 0 à 100 %" });
    expect(parsePercent("-5")).toEqual({ ok: false, problem: "n'est pas une remise de 0 à 100 %" });
    expect(parsePercent("12,345")).toEqual({ ok: false, problem: "n'est pas un pourcentage" });
    expect(parsePercent("dix")).toEqual({ ok: false, problem: "n'est pas un pourcentage" });
  });

  it("stops a file without any column of the price and of the discount, or of whom it is for", async () => {
    await expect(records([], "Référence client;Référence produit;Date de début")).rejects.toThrow(
      new FeedFileError(
        "Colonne « Prix net HT » ou « Remise (%) » absente de la ligne d'en-tête : il en faut une au moins (colonnes lues : « Référence client », « Référence produit », « Date de début »).",
      ),
    );
    await expect(records([], "Article;Prix")).rejects.toThrow(
      /^Colonne « Référence client » ou « Groupe de prix » ou « Promotion » absente/,
    );
    // One column of each group is enough: the others are empty on every line.
    expect((await records(["C0001;GMO00013;10"], "Code client;Code article;Prix net")).records).toHaveLength(1);
  });
});
