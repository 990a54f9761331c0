import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as favoritesRoute from "~/routes/_app.mon-compte.favoris";
import * as productRoute from "~/routes/_app.catalogue.produit.$id";
import { formRequest, responseOf, thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

let backoffice: CatalogueBackoffice;
let buyer: string;
let productIds: number[];

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  buyer = await cookieFor(backoffice, LOGINS.buyer);
  const rows = await backoffice.db
    .selectFrom("products")
    .select("id")
    .where("is_port", "=", false)
    .where("discontinued", "=", false)
    .orderBy("id")
    .limit(3)
    .execute();
  productIds = rows.map((row) => row.id);
});
afterAll(() => backoffice.close());

function toggle(cookie: string, fields: Record<string, string>) {
  return responseOf(() => run(favoritesRoute.action, backoffice, formRequest("/mon-compte/favoris", fields, cookie)));
}

function favorites(cookie: string, query = "") {
  return run(favoritesRoute.loader, backoffice, page(`/mon-compte/favoris${query}`, cookie));
}

describe("favourites", () => {
  it("adds favourites with a POST form, comes back to the page (303) and lists them, latest first", async () => {
    for (const id of productIds) {
      const response = await toggle(buyer, { intent: "add", product_id: String(id), redirectTo: `/catalogue/produit/${id}` });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`/catalogue/produit/${id}`);
      expect(response.headers.get("set-cookie")).toContain("portail_toast");
    }
    // Adding twice changes nothing.
    await toggle(buyer, { intent: "add", product_id: String(productIds[0]) });
    const data = await favorites(buyer);
    expect(data.list.total).toBe(3);
    expect(data.list.items.map((item) => item.id)).toEqual([...productIds].reverse());
    expect(data.list.items.every((item) => item.isFavorite)).toBe(true);
    const sorted = await favorites(buyer, "?tri=reference");
    expect(sorted.list.items.map((item) => item.ref)).toEqual([...sorted.list.items.map((item) => item.ref)].sort());
  });

  it("shows the toggle's state on the product page and removes a favourite", async () => {
    const id = String(productIds[1]);
    const before = await run(productRoute.loader, backoffice, page(`/catalogue/produit/${id}`, buyer), { id });
    expect(before.isFavorite).toBe(true);
    const response = await toggle(buyer, { intent: "remove", product_id: id, redirectTo: "/mon-compte/favoris" });
    expect(response.status).toBe(303);
    const after = await run(productRoute.loader, backoffice, page(`/catalogue/produit/${id}`, buyer), { id });
    expect(after.isFavorite).toBe(false);
    expect((await favorites(buyer)).list.total).toBe(2);
  });

  it("keeps favourites per user: another account of the same organization has its own", async () => {
    const organization = await cookieFor(backoffice, LOGINS.organization);
    expect((await favorites(organization)).list.total).toBe(0);
  });

  it("refuses a malformed form with a 400 and an unknown product with a toast, never an error page", async () => {
    expect(
      await thrownStatus(() =>
        run(favoritesRoute.action, backoffice, formRequest("/mon-compte/favoris", { intent: "steal", product_id: "1" }, buyer)),
      ),
    ).toBe(400);
    expect(
      await thrownStatus(() =>
        run(favoritesRoute.action, backoffice, formRequest("/mon-compte/favoris", { intent: "add", product_id: "1", extra: "x" }, buyer)),
      ),
    ).toBe(400);
    const unknown = await toggle(buyer, { intent: "add", product_id: "999999", redirectTo: "https://evil.example/" });
    expect(unknown.status).toBe(303);
    // An outside redirect target is never followed.
    expect(unknown.headers.get("location")).toBe("/mon-compte/favoris");
  });

  it("answers bad list parameters on the favourites page with a clean page", async () => {
    const data = await favorites(buyer, "?page=-1&tri=foo");
    expect(data.list.params).toMatchObject({ page: 1, sort: "relevance" });
    expect(data.list.notices.length).toBe(2);
    // A NUL in the search is a space, not a "service indisponible" page.
    const nul = await favorites(buyer, "?q=a%00b");
    expect(nul.list.params.q).toBe("a b");
    expect(nul.list.total).toBeGreaterThanOrEqual(0);
  });

  it("offers only the favourites' brands, with their counts, and keeps a chosen brand that the other filters empty", async () => {
    const data = await favorites(buyer);
    const rows = await backoffice.db
      .selectFrom("products as p")
      .innerJoin("brands as b", "b.id", "p.brand_id")
      .select(["b.id", "b.title"])
      .where("p.id", "in", productIds.slice(0, 1).concat(productIds.slice(2)))
      .execute();
    const expected = new Map<number, number>();
    for (const row of rows) expected.set(row.id, (expected.get(row.id) ?? 0) + 1);
    expect(data.list.brands.map((brand) => [brand.id, brand.count])).toEqual(
      [...expected.entries()].sort((a, b) =>
        (rows.find((r) => r.id === a[0])?.title ?? "").localeCompare(rows.find((r) => r.id === b[0])?.title ?? "", "fr"),
      ),
    );
    const chosen = data.list.brands[0];
    if (!chosen) throw new Error("the favourites have no brand");
    const filtered = await favorites(buyer, `?marque=${chosen.id}&q=zzzzqqq`);
    expect(filtered.list.total).toBe(0);
    expect(filtered.list.brands).toEqual([{ id: chosen.id, title: chosen.title, count: 0 }]);
  });
});
