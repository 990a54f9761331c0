import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productListResponse, type SessionResponse } from "@shared/contracts/api";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import * as categoryRoute from "~/routes/_app.catalogue.$";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

/**
 * The brand filter offers only the brands of the list it filters, with their counts (issue 24):
 * no choice leads to « Aucun produit ».
 */

const JACKETS = "securite/gilets-de-sauvetage";

let backoffice: CatalogueBackoffice;
let cookie: string;

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  cookie = await cookieFor(backoffice, LOGINS.organization);
});
afterAll(() => backoffice.close());

function loadCategory(path: string) {
  return run(categoryRoute.loader, backoffice, page(`/catalogue/${path}`, cookie), { "*": path.split("?")[0] ?? "" });
}

/** The brands of a category's listed products, counted in the database. */
async function brandsInDatabase(slug: string): Promise<Map<number, number>> {
  const rows = await backoffice.db
    .selectFrom("products as p")
    .innerJoin("categories as leaf", "leaf.id", "p.category_id")
    .innerJoin("categories as parent", "parent.id", "leaf.parent_id")
    .select(["p.brand_id"])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("parent.slug", "=", slug)
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false)
    .groupBy("p.brand_id")
    .execute();
  return new Map(rows.map((row) => [row.brand_id ?? 0, Number(row.count)]));
}

describe("brand filter of a category", () => {
  it("lists only the brands of the category's products, with their counts", async () => {
    const data = await loadCategory(JACKETS);
    const expected = await brandsInDatabase("gilets-de-sauvetage");
    expect(new Map(data.list.brands.map((brand) => [brand.id, brand.count]))).toEqual(expected);
    const allBrands = await backoffice.db.selectFrom("brands").select("id").execute();
    expect(data.list.brands.length).toBeLessThan(allBrands.length);
    expect(data.list.brands.reduce((sum, brand) => sum + (brand.count ?? 0), 0)).toBe(data.list.total);
    const titles = data.list.brands.map((brand) => brand.title);
    expect(titles).toEqual([...titles].sort(new Intl.Collator("fr").compare));
  });

  it("never leads to an empty list: each brand lists as many products as it says", async () => {
    const data = await loadCategory(JACKETS);
    for (const brand of data.list.brands) {
      const filtered = await loadCategory(`${JACKETS}?marque=${brand.id}`);
      expect(filtered.list.total, brand.title).toBe(brand.count);
      expect(filtered.list.items.every((item) => item.brand?.title === brand.title)).toBe(true);
      // The other brands stay offered while one is chosen.
      expect(filtered.list.brands).toEqual(data.list.brands);
    }
  });

  it("counts what the other filters leave (in stock)", async () => {
    const inStock = await loadCategory(`${JACKETS}?stock=1`);
    expect(inStock.list.brands.reduce((sum, brand) => sum + (brand.count ?? 0), 0)).toBe(inStock.list.total);
    for (const brand of inStock.list.brands) expect(brand.count).toBeGreaterThan(0);
  });

  it("lists the brands of a search's results", async () => {
    const data = await run(catalogueRoute.loader, backoffice, page("/catalogue?q=gilet", cookie));
    if (data.mode !== "search") throw new Error("expected search results");
    expect(data.list.brands.length).toBeGreaterThan(0);
    expect(data.list.brands.reduce((sum, brand) => sum + (brand.count ?? 0), 0)).toBe(data.list.total);
  });
});

describe("GET /api/pim/products with_brands", () => {
  async function logIn(): Promise<SessionResponse> {
    const response = await fetch(`${backoffice.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: LOGINS.organization, password: "demo1234" }),
    });
    return (await response.json()) as SessionResponse;
  }

  it("counts the brands only when asked, and keeps a chosen brand that has nothing left at 0", async () => {
    const session = await logIn();
    const headers = { authorization: `Bearer ${session.token}` };
    const category = await backoffice.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "gilets-de-sauvetage")
      .executeTakeFirstOrThrow();
    const base = `${backoffice.url}/api/pim/products?usr_id=${session.user.auth_org_id}&category=${category.id}`;
    const plain = productListResponse.parse(await (await fetch(base, { headers })).json());
    expect(plain.brands).toBeUndefined();
    const counted = productListResponse.parse(await (await fetch(`${base}&with_brands=1`, { headers })).json());
    expect(counted.items).toEqual(plain.items);
    const present = new Set(counted.brands?.map((brand) => brand.obj_id));
    const elsewhere = await backoffice.db
      .selectFrom("products")
      .select(["brand_id"])
      .where("brand_id", "not in", [...present])
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .executeTakeFirstOrThrow();
    const chosen = productListResponse.parse(await (await fetch(`${base}&with_brands=1&brand=${elsewhere.brand_id}`, { headers })).json());
    expect(chosen.total).toBe(0);
    expect(chosen.brands?.find((brand) => brand.obj_id === elsewhere.brand_id)?.product_count).toBe(0);
    expect(chosen.brands?.filter((brand) => brand.product_count > 0)).toEqual(counted.brands);
  });
});
