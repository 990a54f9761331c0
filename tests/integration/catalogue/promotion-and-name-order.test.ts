import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as catalogueRoute from "~/routes/_app.catalogue._index";
import * as favoritesRoute from "~/routes/_app.mon-compte.favoris";
import * as productRoute from "~/routes/_app.catalogue.produit.$id";
import { parisDate } from "@shared/domain/calendar";
import { formRequest, responseOf } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

/**
 * "En promotion" lists what the price block shows as a promotion: a running promotion that
 * the organization's own price already beats is not one (shared/domain/pricing.ts
 * isPromotionApplied). And "Nom" is French order, in the catalogue and in the favourites.
 */

const frenchOrder = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

let backoffice: CatalogueBackoffice;
let cookie: string;
/** Promoted for everyone, but the organization's specific price is below the promotion. */
let beaten: { id: number; promoPrice: number };
/** Promoted for everyone, and the promotion is below the organization's price. */
let promoted: { id: number };

/** The listed products with a promotion for everyone running today, lowest promotion first per product. */
async function runningPromotions(backofficeDb: CatalogueBackoffice["db"], today: string) {
  return backofficeDb
    .selectFrom("promotions as pr")
    .innerJoin("products as p", "p.id", "pr.product_id")
    .select(["p.id", "pr.promo_price", "p.price_selling"])
    .where("pr.org_id", "is", null)
    .where("pr.starts_on", "<=", today)
    .where("pr.ends_on", ">=", today)
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false)
    .where("pr.promo_price", ">", 1)
    .orderBy("p.id")
    .execute();
}

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
  const { db } = backoffice;
  const user = await db.selectFrom("users").select("org_id").where("login", "=", LOGINS.organization).executeTakeFirstOrThrow();
  const today = parisDate(backoffice.clock.now());
  // Products the organization has no price of its own for and no promotion of its own on.
  const own = await db.selectFrom("org_product_prices").select("product_id").where("org_id", "=", user.org_id).execute();
  const ownPromotions = await db.selectFrom("promotions").select("product_id").where("org_id", "=", user.org_id).execute();
  const excluded = new Set([...own, ...ownPromotions].map((row) => row.product_id));
  const candidates = (await runningPromotions(db, today)).filter((row) => !excluded.has(row.id) && row.promo_price < row.price_selling);
  const [first, second] = candidates;
  if (!first || !second || first.id === second.id) throw new Error("the small seed needs two products on promotion");
  beaten = { id: first.id, promoPrice: first.promo_price };
  promoted = { id: second.id };
  // Before the first catalogue request: the back-office's read model loads this price.
  await db
    .insertInto("org_product_prices")
    .values({ org_id: user.org_id, product_id: beaten.id, price: beaten.promoPrice - 1 })
    .execute();
  cookie = await cookieFor(backoffice, LOGINS.organization);
});
afterAll(() => backoffice.close());

async function everyPage<T extends { list: { pageCount: number; items: { id: number; title: string }[] } }>(
  load: (pageNumber: number) => Promise<T>,
): Promise<T["list"]["items"]> {
  const first = await load(1);
  const items = [...first.list.items];
  for (let pageNumber = 2; pageNumber <= first.list.pageCount; pageNumber += 1) items.push(...(await load(pageNumber)).list.items);
  return items;
}

function catalogue(query: string) {
  return run(catalogueRoute.loader, backoffice, page(`/catalogue${query}`, cookie));
}

function favorites(query: string) {
  return run(favoritesRoute.loader, backoffice, page(`/mon-compte/favoris${query}`, cookie));
}

async function addFavorite(productId: number) {
  const response = await responseOf(() =>
    run(favoritesRoute.action, backoffice, formRequest("/mon-compte/favoris", { intent: "add", product_id: String(productId) }, cookie)),
  );
  expect(response.status).toBe(303);
}

describe("the promotion filter", () => {
  it("leaves out a product whose running promotion the organization's own price beats", async () => {
    const listed = await everyPage(async (pageNumber) => {
      const data = await catalogue(`?promo=1&page=${pageNumber}`);
      if (data.mode !== "search") throw new Error("expected a product list");
      return data;
    });
    const ids = listed.map((item) => item.id);
    expect(ids).toContain(promoted.id);
    expect(ids).not.toContain(beaten.id);

    // Its page shows no promotion either: the filter and the price block agree.
    const product = await run(productRoute.loader, backoffice, page(`/catalogue/produit/${beaten.id}`, cookie), { id: String(beaten.id) });
    expect(product.price?.promotion).toBeNull();
    expect(product.price?.unitPrice).toBe(beaten.promoPrice - 1);
  });

  it("does the same in the favourites", async () => {
    await addFavorite(beaten.id);
    await addFavorite(promoted.id);
    const data = await favorites("?promo=1");
    expect(data.list.items.map((item) => item.id)).toEqual([promoted.id]);
    expect(data.list.total).toBe(1);
  });
});

describe("the name order", () => {
  it("puts accented titles in French order in the favourites too", async () => {
    const { db } = backoffice;
    const titled = (pattern: string) =>
      db
        .selectFrom("products")
        .select(["id", "title"])
        .where("is_port", "=", false)
        .where(sql<boolean>`title like ${pattern}`, "=", true)
        .orderBy("id")
        .executeTakeFirstOrThrow();
    const sheet = await titled("Écoute%");
    const winch = await titled("Winch%");
    const shackle = await titled("Manille%");
    for (const product of [winch, sheet, shackle]) await addFavorite(product.id);

    const titles = (await everyPage((pageNumber) => favorites(`?tri=name&page=${pageNumber}`))).map((item) => item.title);
    expect(titles).toEqual([...titles].sort(frenchOrder.compare));
    expect(titles.indexOf(sheet.title)).toBeLessThan(titles.indexOf(shackle.title));
    expect(titles.indexOf(shackle.title)).toBeLessThan(titles.indexOf(winch.title));
  });
});
