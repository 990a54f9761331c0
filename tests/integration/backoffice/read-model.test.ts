import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pricedProducts } from "../../../server/backoffice/pim/pricing";
import { loadOrgPricing, loadPromotionsForEveryone, priceOf } from "../../../server/backoffice/pim/read-model/org-pricing";
import { loadProductIndex } from "../../../server/backoffice/pim/read-model/product-index";
import { CatalogueReadModel } from "../../../server/backoffice/pim/read-model/read-model";
import { StockCache } from "../../../server/backoffice/pim/read-model/stock-cache";
import { productListResponse } from "@shared/contracts/api";
import { DEMO_TODAY, ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/**
 * The in-memory catalogue (server/backoffice/pim/read-model/) must give the same prices as
 * the SQL it replaced, and follow the database when products, prices or stock change.
 */
describe.each(ENGINES)("catalogue read model on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("prices every product exactly as the SQL precedence does, for every kind of organization and on promotion boundaries", async () => {
    const orgIds = [
      ...(await bo.db.selectFrom("org_product_prices").select("org_id").distinct().orderBy("org_id").limit(3).execute()),
      ...(await bo.db.selectFrom("org_brand_discounts").select("org_id").distinct().orderBy("org_id").limit(3).execute()),
      ...(await bo.db.selectFrom("promotions").select("org_id").where("org_id", "is not", null).distinct().limit(2).execute()),
    ].map((row) => row.org_id as number);
    expect(orgIds.length).toBeGreaterThanOrEqual(6);
    const promotionDates = await bo.db.selectFrom("promotions").select(["starts_on", "ends_on"]).limit(3).execute();
    const days = [DEMO_TODAY, ...promotionDates.flatMap((row) => [row.starts_on, row.ends_on])];
    const index = await loadProductIndex(bo.db);
    const everyone = await loadPromotionsForEveryone(bo.db);
    let compared = 0;
    let promoted = 0;
    for (const orgId of new Set(orgIds)) {
      const pricing = await loadOrgPricing(bo.db, orgId);
      for (const today of days) {
        const rows = await pricedProducts(bo.db, orgId, today).select("p.id").execute();
        for (const row of rows) {
          const product = index.get(row.id);
          if (!product) throw new Error(`product ${row.id} missing from the index`);
          const { id: _id, ...sqlPrice } = row;
          expect(priceOf(product, pricing, everyone, today), `org ${orgId}, product ${row.id}, ${today}`).toEqual({
            ...sqlPrice,
            // The SQL tie between two promotions at the same price is arbitrary; the price is not.
            prc_promo_name: sqlPrice.prc_promo_price === null ? null : expect.any(String),
          });
          compared += 1;
          if (sqlPrice.prc_promo_price !== null) promoted += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
    expect(promoted).toBeGreaterThan(0);
  });

  it("follows a changed product and a changed price once the revisions are read again", async () => {
    const model = new CatalogueReadModel(bo.db, { revisionCheckMs: 0 });
    const index = await model.products();
    const product = index.listed[0];
    if (!product) throw new Error("no listed product");
    const orgId = (await bo.db.selectFrom("organizations").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const before = await model.pricing(orgId);
    expect(before.org.productPrices.get(product.id)).toBeUndefined();

    await bo.db.updateTable("products").set({ title: "Titre changé par l'ERP" }).where("id", "=", product.id).execute();
    await bo.db.insertInto("org_product_prices").values({ org_id: orgId, product_id: product.id, price: 1234 }).execute();
    try {
      // Prices are dropped at once; products are rebuilt in the background, the old ones serving meanwhile.
      expect((await model.pricing(orgId)).org.productPrices.get(product.id)).toBe(1234);
      await model.settled();
      expect((await model.products()).get(product.id)?.title).toBe("Titre changé par l'ERP");
    } finally {
      await bo.db.deleteFrom("org_product_prices").where("org_id", "=", orgId).where("product_id", "=", product.id).execute();
      await bo.db.updateTable("products").set({ title: product.title }).where("id", "=", product.id).execute();
    }
  });

  it("lists the whole catalogue's promotions the same on a second call, and a new promotion once the revisions are read again", async () => {
    const client = await login(bo, LOGINS.client);
    const orgId = client.user.auth_org_id;
    const promotions = async () =>
      productListResponse.parse(
        (await call(bo, `/pim/products?usr_id=${orgId}&promo=1&per_page=100&sort=reference`, { token: client.token })).body,
      );
    const first = await promotions();
    expect(first.total).toBeGreaterThan(0);
    expect(await promotions()).toEqual(first);
    const promotedIds = new Set(first.items.map((item) => item.obj_id));
    const index = await new CatalogueReadModel(bo.db).products();
    const plain = index.listed.find((product) => !promotedIds.has(product.id) && product.price_selling > 1000);
    if (!plain) throw new Error("no product without a promotion");
    const inserted = await bo.db
      .insertInto("promotions")
      .values({
        product_id: plain.id,
        org_id: null,
        name: "Essai de cache",
        promo_price: 100,
        starts_on: "2000-01-01",
        ends_on: "2999-12-31",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      // The back-office reads the revisions at most once a second.
      await expect.poll(async () => (await promotions()).total, { timeout: 5000, interval: 300 }).toBe(first.total + 1);
      expect((await promotions()).items.some((item) => item.obj_id === plain.id)).toBe(true);
    } finally {
      await bo.db.deleteFrom("promotions").where("id", "=", inserted.id).execute();
    }
  });

  it("keeps a stock figure one second, then reads it again", async () => {
    let now = 1_000_000;
    const stocks = new StockCache(bo.db, 1000, 100, () => now);
    const row = await bo.db.selectFrom("stocks").select(["product_id", "sto_disp"]).orderBy("product_id").executeTakeFirstOrThrow();
    expect(await stocks.read([row.product_id, 999_999])).toEqual([
      expect.objectContaining({ obj_id: row.product_id, sto_disp: row.sto_disp }),
    ]);
    await bo.db
      .updateTable("stocks")
      .set({ sto_disp: row.sto_disp + 7 })
      .where("product_id", "=", row.product_id)
      .execute();
    try {
      now += 999;
      expect((await stocks.read([row.product_id]))[0]?.sto_disp).toBe(row.sto_disp);
      now += 1;
      expect((await stocks.read([row.product_id]))[0]?.sto_disp).toBe(row.sto_disp + 7);
    } finally {
      await bo.db.updateTable("stocks").set({ sto_disp: row.sto_disp }).where("product_id", "=", row.product_id).execute();
    }
  });

  it("lists the in-stock filter from live stock, and a whole-catalogue price sort in the caller's prices", async () => {
    const client = await login(bo, LOGINS.client);
    const orgId = client.user.auth_org_id;
    const inStock = productListResponse.parse(
      (await call(bo, `/pim/products?usr_id=${orgId}&in_stock=1&per_page=100`, { token: client.token })).body,
    );
    const stocked = await bo.db.selectFrom("stocks").select("product_id").where("sto_disp", ">", 0).execute();
    const stockedIds = new Set(stocked.map((row) => row.product_id));
    expect(inStock.items.length).toBeGreaterThan(0);
    expect(inStock.items.every((item) => stockedIds.has(item.obj_id))).toBe(true);

    const cheapest = productListResponse.parse(
      (await call(bo, `/pim/products?usr_id=${orgId}&sort=price_asc&per_page=50`, { token: client.token })).body,
    );
    const paid = cheapest.items.map((item) => Math.min(item.prc_price ?? 0, item.prc_promo_price ?? Number.MAX_SAFE_INTEGER));
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    // The demo has products out of stock: the filter really filters.
    expect(inStock.total).toBeLessThan(cheapest.total);
  });
});
