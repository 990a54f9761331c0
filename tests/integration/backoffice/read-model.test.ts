import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pricedProducts } from "../../../server/backoffice/pim/pricing";
import { loadOrgPricing, loadPromotionsForEveryone, priceOf } from "../../../server/backoffice/pim/read-model/org-pricing";
import { loadProductIndex } from "../../../server/backoffice/pim/read-model/product-index";
import { CatalogueReadModel } from "../../../server/backoffice/pim/read-model/read-model";
import { StockCache } from "../../../server/backoffice/pim/read-model/stock-cache";
import { productListResponse } from "@shared/contracts/api";
import { addDaysTo } from "@shared/domain/invoices";
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
      // The demo's price groups (seed/price-groups.ts): a reseller and a yard.
      ...(await bo.db
        .selectFrom("organizations")
        .select("id as org_id")
        .where("price_group_id", "is not", null)
        .orderBy("id")
        .limit(4)
        .execute()),
    ].map((row) => row.org_id as number);
    expect(orgIds.length).toBeGreaterThanOrEqual(10);
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

  it("prices as the SQL does with a price group, discounts per product and dated conditions, day by day", async () => {
    const org = await bo.db.selectFrom("organizations").select("id").where("ref", "=", "C0005").executeTakeFirstOrThrow();
    const group = await bo.db
      .insertInto("price_groups")
      .values({ ref: "ESSAI-RM", title: "Essai" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await bo.db.updateTable("organizations").set({ price_group_id: group.id }).where("id", "=", org.id).execute();
    // Products without a seeded price of the organization's: the test's rows are the only ones, and go after it.
    const seeded = new Set(
      (await bo.db.selectFrom("org_product_prices").select("product_id").where("org_id", "=", org.id).execute()).map(
        (row) => row.product_id,
      ),
    );
    const products = (await loadProductIndex(bo.db)).listed.filter((product) => !seeded.has(product.id)).slice(0, 60);
    const brandIds = [...new Set(products.flatMap((product) => (product.brand_id === null ? [] : [product.brand_id])))].slice(0, 6);
    // Days around DEMO_TODAY: conditions start and end on them, undated ones run always.
    const day = (offset: number) => addDaysTo(DEMO_TODAY, offset);
    const dates: { starts_on: string | null; ends_on: string | null }[] = [
      { starts_on: null, ends_on: null },
      { starts_on: day(-1), ends_on: day(1) },
      { starts_on: day(0), ends_on: null },
      { starts_on: null, ends_on: day(-1) },
    ];
    const conditionOf = (index: number, listPrice: number) => ({
      starts_on: dates[index % 4]?.starts_on ?? null,
      ends_on: dates[index % 4]?.ends_on ?? null,
      price: index % 3 === 0 ? Math.round(listPrice * 0.7) + index : null,
      discount: index % 3 === 0 ? null : 5 + (index % 7) * 2.5,
    });
    const ownRows = products.flatMap((product, index) =>
      index % 5 === 4
        ? []
        : [0, 1].map((k) => ({ org_id: org.id, product_id: product.id, ...conditionOf(index + k, product.price_selling) })),
    );
    const groupRows = products.flatMap((product, index) =>
      index % 2 === 0
        ? []
        : [0, 2].map((k) => ({ group_id: group.id, product_id: product.id, ...conditionOf(index + k, product.price_selling) })),
    );
    // One row per key (product, start), as the unique index wants.
    const keyed = <T extends { product_id: number; starts_on: string | null }>(rows: T[]): T[] => [
      ...new Map(rows.map((row) => [`${row.product_id}:${row.starts_on}`, row])).values(),
    ];
    try {
      await bo.db.insertInto("org_product_prices").values(keyed(ownRows)).execute();
      await bo.db.insertInto("price_group_product_prices").values(keyed(groupRows)).execute();
      await bo.db
        .insertInto("org_brand_discounts")
        .values(brandIds.slice(0, 3).map((brandId, index) => ({ org_id: org.id, brand_id: brandId, discount: 8, ...dates[index + 1] })))
        .execute();
      await bo.db
        .insertInto("price_group_brand_discounts")
        .values(brandIds.map((brandId, index) => ({ group_id: group.id, brand_id: brandId, discount: 12.5 + index, ...dates[index % 4] })))
        .execute();
      const pricing = await loadOrgPricing(bo.db, org.id);
      expect(pricing.group?.products.size).toBeGreaterThan(0);
      const everyone = await loadPromotionsForEveryone(bo.db);
      const byId = new Map(products.map((product) => [product.id, product]));
      const groupNetPrices = new Set(groupRows.flatMap((row) => (row.price === null ? [] : [`${row.product_id}:${row.price}`])));
      const pricesOf = new Map<number, Set<number>>();
      let fromGroup = 0;
      let listed = 0;
      for (const offset of [-2, -1, 0, 1, 2]) {
        const rows = await pricedProducts(bo.db, org.id, day(offset))
          .select("p.id")
          .where(
            "p.id",
            "in",
            products.map((product) => product.id),
          )
          .execute();
        expect(rows).toHaveLength(products.length);
        for (const { id, ...sqlPrice } of rows) {
          const product = byId.get(id);
          if (!product) throw new Error(`product ${id} missing`);
          const price = priceOf(product, pricing, everyone, day(offset));
          expect(price, `product ${id}, day ${offset}`).toEqual({
            ...sqlPrice,
            prc_promo_name: sqlPrice.prc_promo_name === null ? null : expect.any(String),
          });
          pricesOf.set(id, (pricesOf.get(id) ?? new Set()).add(price.prc_price));
          if (groupNetPrices.has(`${id}:${price.prc_price}`)) fromGroup += 1;
          if (price.prc_price === product.price_selling) listed += 1;
        }
      }
      // The dates matter, the group's net prices and the list prices came up.
      expect([...pricesOf.values()].filter((prices) => prices.size > 1).length).toBeGreaterThan(5);
      expect(fromGroup).toBeGreaterThan(0);
      expect(listed).toBeGreaterThan(0);
    } finally {
      await bo.db
        .deleteFrom("org_product_prices")
        .where("org_id", "=", org.id)
        .where(
          "product_id",
          "in",
          products.map((product) => product.id),
        )
        .execute();
      await bo.db.deleteFrom("org_brand_discounts").where("org_id", "=", org.id).where("starts_on", "is not", null).execute();
      await bo.db.updateTable("organizations").set({ price_group_id: null }).where("id", "=", org.id).execute();
      await bo.db.deleteFrom("price_group_product_prices").where("group_id", "=", group.id).execute();
      await bo.db.deleteFrom("price_group_brand_discounts").where("group_id", "=", group.id).execute();
      await bo.db.deleteFrom("price_groups").where("id", "=", group.id).execute();
    }
  });

  it("follows a changed product and a changed price once the revisions are read again", async () => {
    const model = new CatalogueReadModel(bo.db, { revisionCheckMs: 0 });
    const index = await model.products();
    const product = index.listed[0];
    if (!product) throw new Error("no listed product");
    const orgId = (await bo.db.selectFrom("organizations").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const before = await model.pricing(orgId);
    expect(before.org.own.products.get(product.id)).toBeUndefined();

    await bo.db.updateTable("products").set({ title: "Titre changé par l'ERP" }).where("id", "=", product.id).execute();
    await bo.db.insertInto("org_product_prices").values({ org_id: orgId, product_id: product.id, price: 1234 }).execute();
    try {
      // Prices are dropped at once; products are rebuilt in the background, the old ones serving meanwhile.
      expect((await model.pricing(orgId)).org.own.products.get(product.id)).toEqual([
        { price: 1234, discount: null, starts_on: null, ends_on: null },
      ]);
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
