import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as categoryRoute from "~/routes/_app.catalogue.$";
import { thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

const frenchOrder = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

const SIX_LEVELS = ["electronique-de-bord", "navigation", "antennes", "vhf", "antennes-vhf-fibre-de-verre", "antennes-vhf-1-5-m"];

let backoffice: CatalogueBackoffice;
let cookie: string;

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  cookie = await cookieFor(backoffice, LOGINS.organization);
});
afterAll(() => backoffice.close());

function loadCategory(path: string, who = cookie) {
  const splat = path.split("?")[0] ?? "";
  return run(categoryRoute.loader, backoffice, page(`/catalogue/${path}`, who), { "*": splat });
}

async function redirectOf(path: string): Promise<{ status: number; location: string | null }> {
  try {
    await loadCategory(path);
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
  throw new Error(`expected a redirect for ${path}`);
}

describe("category path check", () => {
  it("shows the category at each of the six depths, with breadcrumbs and sub-categories", async () => {
    for (let depth = 1; depth <= SIX_LEVELS.length; depth += 1) {
      const data = await loadCategory(SIX_LEVELS.slice(0, depth).join("/"));
      expect(data.crumbs.map((crumb) => crumb.href.split("/").pop())).toEqual(SIX_LEVELS.slice(0, depth - 1));
      expect(data.list.total).toBeGreaterThan(0);
      if (depth < SIX_LEVELS.length) expect(data.subcategories.length).toBeGreaterThan(0);
      else expect(data.subcategories).toEqual([]);
    }
  });

  it("redirects (301) a wrong or missing parent to the canonical path, keeping the query", async () => {
    const canonical = `/catalogue/${SIX_LEVELS.join("/")}`;
    expect(await redirectOf("antennes-vhf-1-5-m")).toEqual({ status: 301, location: canonical });
    expect(await redirectOf("motorisation/antennes/vhf/antennes-vhf-fibre-de-verre/antennes-vhf-1-5-m?tri=name")).toEqual({
      status: 301,
      location: `${canonical}?tri=name`,
    });
    expect(await redirectOf("electronique-de-bord/vhf")).toEqual({
      status: 301,
      location: "/catalogue/electronique-de-bord/navigation/antennes/vhf",
    });
  });

  it("answers 404 for an unknown slug and for a path deeper than six levels", async () => {
    expect(await thrownStatus(() => loadCategory("electronique-de-bord/inconnue"))).toBe(404);
    expect(await thrownStatus(() => loadCategory([...SIX_LEVELS, "antennes-vhf-1-5-m"].join("/")))).toBe(404);
  });
});

describe("category list: filters, sorting, pagination", () => {
  const root = "electronique-de-bord";

  it("pages through the products, 24 at a time", async () => {
    const first = await loadCategory(root);
    const second = await loadCategory(`${root}?page=2`);
    expect(first.list.items).toHaveLength(24);
    expect(first.list.pageCount).toBe(Math.ceil(first.list.total / 24));
    expect(second.list.params.page).toBe(2);
    const firstIds = new Set(first.list.items.map((item) => item.id));
    expect(second.list.items.some((item) => firstIds.has(item.id))).toBe(false);
  });

  it("sorts by reference, name and price", async () => {
    const byRef = (await loadCategory(`${root}?tri=reference`)).list.items.map((item) => item.ref);
    expect(byRef).toEqual([...byRef].sort());
    const byName = (await loadCategory(`${root}?tri=name`)).list.items.map((item) => item.title);
    expect(byName.length).toBeGreaterThan(1);
    expect(byName).toEqual([...byName].sort(frenchOrder.compare));
    const ascending = (await loadCategory(`${root}?tri=price_asc`)).list.items.map((item) => item.price?.unitPrice ?? -1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await loadCategory(`${root}?tri=price_desc`)).list.items.map((item) => item.price?.unitPrice ?? -1);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it("sorts names in French order: accented titles among the others, not after Z", async () => {
    const titles: string[] = [];
    const first = await loadCategory("accastillage?tri=name");
    for (let pageNumber = 1; pageNumber <= first.list.pageCount; pageNumber += 1) {
      const data = pageNumber === 1 ? first : await loadCategory(`accastillage?tri=name&page=${pageNumber}`);
      titles.push(...data.list.items.map((item) => item.title));
    }
    expect(titles).toEqual([...titles].sort(frenchOrder.compare));
    const sheet = titles.findIndex((title) => title.startsWith("Écoute"));
    const shackle = titles.findIndex((title) => title.startsWith("Manille"));
    expect(sheet).toBeGreaterThanOrEqual(0);
    expect(shackle).toBeGreaterThan(sheet);
  });

  it("filters by brand, by promotion and by stock", async () => {
    const all = await loadCategory(root);
    const brand = all.list.brands[0];
    expect(brand).toBeDefined();
    const byBrand = await loadCategory(`${root}?marque=${brand?.id}`);
    expect(byBrand.list.total).toBeGreaterThan(0);
    expect(byBrand.list.total).toBeLessThan(all.list.total);
    expect(new Set(byBrand.list.items.map((item) => item.brand?.title))).toEqual(new Set([brand?.title]));

    const promo = await loadCategory(`${root}?promo=1`);
    expect(promo.list.total).toBeLessThan(all.list.total);
    for (const item of promo.list.items) expect(item.price?.promotion ?? "none").not.toBe("none");

    const inStock = await loadCategory(`${root}?stock=1`);
    expect(inStock.list.total).toBeLessThan(all.list.total);
    const stocks = await Promise.all(inStock.list.items.map((item) => inStock.stocks[item.id]));
    for (const stock of stocks) expect(stock?.available).toBeGreaterThan(0);
  });

  it("answers bad query parameters with a clean page and French notices", async () => {
    const all = await loadCategory(root);
    const data = await loadCategory(`${root}?page=-1&tri=foo&marque=abc&q=${"a".repeat(5000)}`);
    expect(data.list.params).toMatchObject({ page: 1, sort: "relevance", brandId: null });
    expect(data.list.params.q).toHaveLength(200);
    expect(data.list.notices).toEqual([
      "Votre recherche a été limitée à 200 caractères.",
      "La marque demandée n'existe pas : le filtre est ignoré.",
      "Ce tri n'existe pas : les produits sont affichés par pertinence.",
      "Cette page n'existe pas : voici la première page.",
    ]);
    // A control character (a NUL would make the database fail) is a space, not an error page.
    const nul = await loadCategory(`${root}?q=a%00b`);
    expect(nul.list.params.q).toBe("a b");
    expect(nul.list.notices).toEqual([]);
    expect(nul.list.total).toBeGreaterThanOrEqual(0);
    const onlyNul = await loadCategory(`${root}?q=%00%1F%7F`);
    expect(onlyNul.list.params.q).toBe("");
    expect(onlyNul.list.total).toBe(all.list.total);
    const far = await loadCategory(`${root}?page=9999`);
    expect(far.list.items).toEqual([]);
    expect(far.list.total).toBeGreaterThan(0);
  });

  it("hides prices, and price sorting, from a people account without the prices flag", async () => {
    const storekeeper = await cookieFor(backoffice, LOGINS.storekeeper);
    const data = await loadCategory(`${root}?tri=price_asc`, storekeeper);
    expect(data.list.canViewPrices).toBe(false);
    expect(data.list.params.sort).toBe("relevance");
    expect(data.list.items.every((item) => item.price === null)).toBe(true);
    expect(data.list.canUpdateCart).toBe(true);

    // Which products are on promotion is a price too: the filter is ignored, and said so.
    const all = await loadCategory(root, storekeeper);
    const promo = await loadCategory(`${root}?promo=1`, storekeeper);
    expect(promo.list.params.promo).toBe(false);
    expect(promo.list.notices).toEqual(["Le filtre « En promotion » n'est pas disponible pour votre compte : il est ignoré."]);
    expect(promo.list.total).toBe(all.list.total);
  });

  it("sends a visitor without a session to the login page", async () => {
    const response = await loadCategory(root, "").catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("location")).toBe("/connexion?redirectTo=%2Fcatalogue%2Felectronique-de-bord");
  });
});
