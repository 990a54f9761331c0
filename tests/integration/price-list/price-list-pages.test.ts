import { readSheet } from "read-excel-file/node";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_LIST_EXPORT_PAGE } from "@shared/contracts/price-list";
import * as csvRoute from "~/routes/_app.mon-compte.tarifs.export[.csv]";
import * as xlsxRoute from "~/routes/_app.mon-compte.tarifs.export[.xlsx]";
import * as listRoute from "~/routes/_app.mon-compte.tarifs._index";
import { EXPORT_HEADERS } from "~/services/price-list/export.server";
import { responseOf, thrownStatus } from "../portal/harness";
import { DEMO_TODAY, LOGINS, cookieFor, page, run, startPriceListBackoffice, type PriceListBackoffice } from "./harness";

/**
 * /mon-compte/tarifs and its exports over the real back-office (small demo set): who may read
 * them, the filters in the URL, bad and unknown parameters, and files streamed page by page.
 */

let backoffice: PriceListBackoffice;
let organization: string;
let storekeeper: string;
let contributor: string;
let listed: number;

beforeAll(async () => {
  backoffice = await startPriceListBackoffice();
  [organization, storekeeper, contributor] = await Promise.all([
    cookieFor(backoffice, LOGINS.organization),
    cookieFor(backoffice, LOGINS.storekeeper),
    cookieFor(backoffice, LOGINS.contributor),
  ]);
  const count = await backoffice.db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("is_port", "=", false)
    .where("discontinued", "=", false)
    .executeTakeFirstOrThrow();
  listed = Number(count.n);
});
afterAll(() => backoffice.close());

const list = (cookie: string, query = "") => run(listRoute.loader, backoffice, page(`/mon-compte/tarifs${query}`, cookie));
const csv = (cookie: string, query = "") =>
  responseOf(() => run(csvRoute.loader, backoffice, page(`/mon-compte/tarifs/export.csv${query}`, cookie)));
const xlsx = (cookie: string, query = "") =>
  responseOf(() => run(xlsxRoute.loader, backoffice, page(`/mon-compte/tarifs/export.xlsx${query}`, cookie)));

describe("/mon-compte/tarifs", () => {
  it("shows the organization's prices of the day, 50 a page, with the brands and the category tree to filter", async () => {
    const data = await list(organization);
    expect(data.total).toBe(listed);
    expect(data.rows).toHaveLength(50);
    expect(data.pageCount).toBe(Math.ceil(listed / 50));
    expect(data.pricedOn).toBe(DEMO_TODAY);
    expect(data.notices).toEqual([]);
    expect(data.query).toBe("");
    expect(data.brands.length).toBeGreaterThan(3);
    expect(data.categories.some((category) => category.depth > 0)).toBe(true);
    const refs = data.rows.map((row) => row.obj_ref);
    expect(refs).toEqual([...refs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await list(organization, "?page=2");
    expect(second.rows[0]?.obj_ref).not.toBe(data.rows[0]?.obj_ref);
  });

  it("refuses a people account without `prices` (403, no file) and sends a contributor to choose a client", async () => {
    expect(await thrownStatus(() => list(storekeeper))).toBe(403);
    expect(await thrownStatus(() => run(csvRoute.loader, backoffice, page("/mon-compte/tarifs/export.csv", storekeeper)))).toBe(403);
    expect(await thrownStatus(() => run(xlsxRoute.loader, backoffice, page("/mon-compte/tarifs/export.xlsx", storekeeper)))).toBe(403);
    const redirect = await responseOf(() => list(contributor));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/clients");
  });

  it("applies the search, the brand and the category of the URL, and keeps them for the pages and the exports", async () => {
    const all = await list(organization);
    const brand = all.brands[0]!;
    const byBrand = await list(organization, `?marque=${brand.id}`);
    expect(byBrand.total).toBeGreaterThan(0);
    expect(byBrand.rows.every((row) => row.brand === brand.label)).toBe(true);
    expect(byBrand.query).toBe(`marque=${brand.id}`);
    expect(byBrand.values.marque).toBe(String(brand.id));

    const parent = all.categories.find((category, index) => category.depth === 0 && all.categories[index + 1]?.depth === 1)!;
    const byCategory = await list(organization, `?categorie=${parent.id}`);
    expect(byCategory.total).toBeGreaterThan(0);
    expect(byCategory.total).toBeLessThan(listed);

    const ref = all.rows[3]!.obj_ref;
    const bySearch = await list(organization, `?q=${encodeURIComponent(ref.toLowerCase())}`);
    expect(bySearch.rows.map((row) => row.obj_ref)).toContain(ref);
    expect(bySearch.query).toBe(new URLSearchParams({ q: ref.toLowerCase() }).toString());
    const combined = await list(organization, `?q=${encodeURIComponent(ref)}&marque=${brand.id}&categorie=${parent.id}&page=1`);
    expect(combined.query).toBe(new URLSearchParams({ q: ref, marque: String(brand.id), categorie: String(parent.id) }).toString());
  });

  it("ignores unknown parameters, and explains the values it cannot use instead of failing", async () => {
    const plain = await list(organization);
    const unknown = await list(organization, "?tri=prix&foo=bar&org_id=1&size=1000");
    expect(unknown.total).toBe(plain.total);
    expect(unknown.rows.map((row) => row.obj_id)).toEqual(plain.rows.map((row) => row.obj_id));
    expect(unknown.notices).toEqual([]);
    expect(unknown.query).toBe("");

    const bad = await list(organization, `?marque=abc&categorie=999999&page=-3&q=${"x".repeat(101)}`);
    expect(bad.total).toBe(plain.total);
    expect(bad.page).toBe(1);
    expect(bad.notices.map((notice) => notice.message)).toEqual([
      "Recherche : au plus 100 caractères, ce filtre est ignoré.",
      "Marque inconnue : ce filtre est ignoré.",
      "Catégorie inconnue : ce filtre est ignoré.",
      "Numéro de page invalide : la première page est affichée.",
    ]);
    const beyond = await list(organization, "?page=9999");
    expect(beyond.rows).toEqual([]);
    expect(beyond.notices.map((notice) => notice.message)).toEqual([`Il n'y a que ${plain.pageCount} pages de tarifs.`]);
  });
});

describe("/mon-compte/tarifs/export.csv and export.xlsx", () => {
  it("exports the whole catalogue as French Excel CSV, reading the back-office's pages one after the other", async () => {
    const callsBefore = backoffice.calls.length;
    const response = await csv(organization);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="tarifs-C\\d{4}-${DEMO_TODAY}\\.csv"$`));
    // Streamed: only the first page is read before the answer.
    expect(backoffice.calls.length - callsBefore).toBe(1);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
    expect(text.includes("\uFEFF")).toBe(false);
    const lines = text.split("\r\n").filter((line) => line !== "");
    expect(lines[0]).toBe(EXPORT_HEADERS.join(";"));
    expect(lines).toHaveLength(listed + 1);
    const pages = backoffice.calls.slice(callsBefore);
    expect(pages.map((query) => query.get("page"))).toEqual(
      Array.from({ length: Math.ceil(listed / PRICE_LIST_EXPORT_PAGE) }, (_, i) => String(i + 1)),
    );
    expect(pages.every((query) => query.get("size") === String(PRICE_LIST_EXPORT_PAGE))).toBe(true);
    const first = (await list(organization)).rows[0]!;
    const cells = lines[1]!.split(";");
    expect(cells[0]).toBe(first.obj_ref);
    expect(cells[4]).toBe(`${Math.floor(first.list_price / 100)},${String(first.list_price % 100).padStart(2, "0")}`);
    expect(cells[6]).toBe(`${Math.floor(first.net_price / 100)},${String(first.net_price % 100).padStart(2, "0")}`);
  });

  it("exports the filtered list only, with the same filters as the page", async () => {
    const all = await list(organization);
    const brand = all.brands[0]!;
    const filtered = await list(organization, `?marque=${brand.id}&inconnu=1`);
    const text = (await (await csv(organization, `?marque=${brand.id}&inconnu=1`)).text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter((line) => line !== "");
    expect(lines).toHaveLength(filtered.total + 1);
    expect(lines.slice(1).every((line) => line.split(";")[2] === brand.label)).toBe(true);
  });

  it("exports an Excel workbook: bold frozen headers, amounts in euros as numbers, promotion dates as dates", async () => {
    const withPromotion =
      (await list(organization, "?page=1")).rows.find((row) => row.promotion !== null) ??
      (await backoffice.db
        .selectFrom("promotions as pr")
        .innerJoin("products as p", "p.id", "pr.product_id")
        .select("p.ref")
        .where("pr.org_id", "is", null)
        .where("pr.starts_on", "<=", DEMO_TODAY)
        .where("pr.ends_on", ">=", DEMO_TODAY)
        .where("p.is_port", "=", false)
        .where("p.discontinued", "=", false)
        .orderBy("p.ref")
        .limit(1)
        .executeTakeFirst());
    const ref = withPromotion && "obj_ref" in withPromotion ? withPromotion.obj_ref : withPromotion?.ref;
    if (!ref) throw new Error("demo data lacks a running promotion");
    const expected = (await list(organization, `?q=${encodeURIComponent(ref)}`)).rows.find((row) => row.obj_ref === ref)!;
    const response = await xlsx(organization, `?q=${encodeURIComponent(ref)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="tarifs-C\\d{4}-${DEMO_TODAY}\\.xlsx"$`));
    const rows = await readSheet(Buffer.from(await response.arrayBuffer()));
    expect(rows[0]).toEqual([...EXPORT_HEADERS]);
    const row = rows.find((cells) => cells[0] === ref);
    expect(row).toBeDefined();
    expect(row?.[1]).toBe(expected.title);
    expect(row?.[4]).toBe(expected.list_price / 100);
    expect(row?.[5]).toBeCloseTo(expected.discount_pct / 100, 6);
    expect(row?.[6]).toBe(expected.net_price / 100);
    const promotion = expected.promotion;
    if (!promotion) throw new Error(`${ref} shows no promotion`);
    expect(row?.[7]).toBe(promotion.name);
    expect(row?.[8]).toBe(promotion.price / 100);
    expect(row?.[9]).toEqual(new Date(`${promotion.starts_on}T00:00:00Z`));
    expect(row?.[10]).toEqual(new Date(`${promotion.ends_on}T00:00:00Z`));
    expect(row?.[11]).toBe(expected.ecotax / 100);
  });

  it("exports the whole catalogue as a workbook with one row a product", async () => {
    const rows = await readSheet(Buffer.from(await (await xlsx(organization)).arrayBuffer()));
    expect(rows).toHaveLength(listed + 1);
  });

  it("streams a catalogue of several back-office pages: each page read once, in order, every row written", async () => {
    // 2,300 more products: three pages of PRICE_LIST_EXPORT_PAGE.
    await sql`insert into products (ref, title, name, brand_id, category_id, price_selling, ecotaxe)
      select 'ZZ-EXPORT-' || lpad(n::text, 5, '0'), 'Produit d''export ' || n, 'Produit ' || n, brand_id, category_id, 1000 + n, 12
      from generate_series(1, 2300) as n, (select brand_id, category_id from products where not is_port and not discontinued order by id limit 1) as model`.execute(
      backoffice.db,
    );
    let total = 0;
    for (let attempt = 0; attempt < 50 && total !== listed + 2300; attempt += 1) {
      total = (await list(organization)).total;
      if (total !== listed + 2300) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(total).toBe(listed + 2300);
    const callsBefore = backoffice.calls.length;
    const text = (await (await csv(organization)).text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter((line) => line !== "");
    expect(lines).toHaveLength(total + 1);
    expect(new Set(lines.map((line) => line.split(";")[0])).size).toBe(total + 1);
    expect(backoffice.calls.slice(callsBefore).map((query) => query.get("page"))).toEqual(["1", "2", "3"]);
    const sheet = await readSheet(Buffer.from(await (await xlsx(organization)).arrayBuffer()));
    expect(sheet).toHaveLength(total + 1);
    expect(sheet[total]?.[0]).toBe("ZZ-EXPORT-02300");
    expect(sheet[total]?.[4]).toBe(33);
  });

  it("answers a French 503 page, not a broken file, when the back-office is down before the first row", async () => {
    backoffice.failPage = 1;
    try {
      expect(await thrownStatus(() => run(xlsxRoute.loader, backoffice, page("/mon-compte/tarifs/export.xlsx", organization)))).toBe(503);
      expect(await thrownStatus(() => list(organization))).toBe(503);
    } finally {
      backoffice.failPage = null;
    }
  });
});
