import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedCart, sessionResponse, type SessionResponse } from "@shared/contracts/api";
import { priceListResponse, type PriceListResponse } from "@shared/contracts/price-list";
import { addDays } from "../../../server/backoffice/seed/prng";
import { cartWith, lineFor } from "./cart-fixtures";
import { ENGINES, LOGINS, call, login, startBackoffice, type Backoffice } from "./harness";

/**
 * The organization's price list (docs/price-list.md, GET /api/pim/price-list): who may read
 * it, its filters, its order, its promotions with their dates, and prices equal to the cart's.
 */
describe.each(ENGINES)("the organization's price list (/api/pim/price-list) on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let storekeeper: SessionResponse;
  let orgId: number;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    [client, storekeeper] = await Promise.all([login(bo, LOGINS.client), login(bo, LOGINS.storekeeper)]);
    orgId = client.user.auth_org_id;
  });
  afterAll(async () => {
    await bo.close();
  });

  const read = async (session: SessionResponse, query = ""): Promise<PriceListResponse> => {
    const answer = await call(bo, `/pim/price-list?org_id=${session.user.auth_org_id}${query}`, { token: session.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return priceListResponse.parse(answer.body);
  };
  const listedCount = async (where = sql`true`) =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from products p where not p.is_port and not p.discontinued and ${where}`.execute(
          bo.db,
        )
      ).rows[0]?.n,
    );

  it("lists every listed product in reference order, 50 a page by default, up to 1,000", async () => {
    const first = await read(client);
    expect(first.total).toBe(await listedCount());
    expect(first).toMatchObject({ page: 1, size: 50 });
    expect(first.items).toHaveLength(50);
    const refs = await bo.db
      .selectFrom("products")
      .select("ref")
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .orderBy("ref")
      .limit(1000)
      .execute();
    expect(first.items.map((item) => item.obj_ref)).toEqual(refs.slice(0, 50).map((row) => row.ref));
    const large = await read(client, "&size=1000");
    expect(large.items.map((item) => item.obj_ref)).toEqual(refs.map((row) => row.ref).slice(0, Math.min(1000, large.total)));
    const second = await read(client, "&size=50&page=2");
    expect(second.items[0]?.obj_ref).toBe(refs[50]?.ref);
    expect(first.priced_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const tooLarge = await call(bo, `/pim/price-list?org_id=${orgId}&size=1001`, { token: client.token });
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.body)).toContain("Au plus 1000 lignes par page.");
  });

  it("gives the organization's net prices as pricing.ts does: specific price, else brand discount, else list price", async () => {
    const specific = await bo.db
      .selectFrom("org_product_prices as opp")
      .innerJoin("products as p", "p.id", "opp.product_id")
      .select(["p.ref", "p.price_selling", "opp.price"])
      .where("opp.org_id", "=", orgId)
      .where("p.is_port", "=", false)
      .where("p.discontinued", "=", false)
      .orderBy("p.ref")
      .limit(1)
      .executeTakeFirstOrThrow();
    const row = (await read(client, `&q=${encodeURIComponent(specific.ref)}`)).items.find((item) => item.obj_ref === specific.ref);
    expect(row).toMatchObject({ list_price: specific.price_selling, net_price: specific.price });
    const discounted = await bo.db
      .selectFrom("org_brand_discounts as obd")
      .innerJoin("products as p", "p.brand_id", "obd.brand_id")
      .leftJoin("org_product_prices as opp", (join) => join.onRef("opp.product_id", "=", "p.id").on("opp.org_id", "=", orgId))
      .select(["p.ref", "p.price_selling", "obd.discount", "obd.brand_id"])
      .where("obd.org_id", "=", orgId)
      .where("opp.price", "is", null)
      .where("p.is_port", "=", false)
      .where("p.discontinued", "=", false)
      .orderBy("p.ref")
      .limit(1)
      .executeTakeFirstOrThrow();
    const brandRow = (await read(client, `&q=${encodeURIComponent(discounted.ref)}`)).items.find((item) => item.obj_ref === discounted.ref);
    expect(brandRow?.discount_pct).toBe(Number(discounted.discount));
    expect(brandRow?.net_price).toBe(Math.round((discounted.price_selling * (100 - Number(discounted.discount))) / 100));
  });

  it("shows the same net price and discount as the cart for the same products", async () => {
    const page = await read(client, "&size=200");
    const withDiscount = page.items.filter((item) => item.discount_pct > 0).slice(0, 3);
    const without = page.items.filter((item) => item.discount_pct === 0).slice(0, 1);
    const chosen = [...withDiscount, ...without];
    expect(withDiscount.length).toBeGreaterThan(0);
    const current = savedCart.parse((await call(bo, `/oms/cart/${orgId}`, { token: client.token })).body);
    const cart = cartWith(chosen.map((item) => lineFor({ id: item.obj_id, ref: item.obj_ref }, 1)));
    const saved = savedCart.parse(
      (await call(bo, `/oms/cart/${orgId}`, { token: client.token, body: { version: current.version, cart } })).body,
    );
    for (const item of chosen) {
      const line = saved.cart.products.find((candidate) => candidate.obj_id === item.obj_id);
      expect(line, item.obj_ref).toMatchObject({
        prd_price_selling: item.list_price,
        prc_price: item.net_price,
        prc_discount: item.discount_pct,
        prd_ecotaxe: item.ecotax,
      });
    }
  });

  it("searches by a reference's beginning or by words of the title, accents and case ignored", async () => {
    const sample = await bo.db
      .selectFrom("products")
      .select(["ref", "title"])
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .where("title", "~", "[éèàç]")
      .orderBy("ref")
      .limit(1)
      .executeTakeFirstOrThrow();
    const prefix = sample.ref.slice(0, 4).toLowerCase();
    const byRef = await read(client, `&q=${encodeURIComponent(prefix)}&size=1000`);
    expect(byRef.items.map((item) => item.obj_ref)).toContain(sample.ref);
    const startingSo = byRef.items.filter((item) => item.obj_ref.toUpperCase().replace(/\s+/g, "").startsWith(prefix.toUpperCase()));
    expect(startingSo.length).toBeGreaterThan(0);
    const accented = (sample.title.match(/[\p{L}]*[éèàç][\p{L}]*/u) ?? [""])[0];
    const plain = accented.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    const byWords = await read(client, `&q=${encodeURIComponent(plain)}&size=1000`);
    expect(byWords.total).toBeGreaterThan(0);
    expect(byWords.items.map((item) => item.obj_ref)).toContain(sample.ref);
    const refs = byWords.items.map((item) => item.obj_ref);
    expect(refs).toEqual([...refs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await read(client, "&q=zzzzqqqq")).total).toBe(0);
  });

  it("filters by brand, and by a category with its sub-categories", async () => {
    const brand = await bo.db.selectFrom("brands").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const byBrand = await read(client, `&brand=${brand.id}&size=1000`);
    expect(byBrand.total).toBe(await listedCount(sql`p.brand_id = ${brand.id}`));
    expect(byBrand.items.every((item) => item.brand === brand.title)).toBe(true);
    const parent = await bo.db
      .selectFrom("categories as c")
      .select(["c.id"])
      .where("c.parent_id", "is", null)
      .where((eb) => eb.exists(eb.selectFrom("categories as child").select("child.id").whereRef("child.parent_id", "=", "c.id")))
      .orderBy("c.id")
      .executeTakeFirstOrThrow();
    const inTree = sql`p.category_id in (with recursive tree(id) as (select ${parent.id}::int union all select c.id from categories c join tree on c.parent_id = tree.id) select id from tree)`;
    const byCategory = await read(client, `&category=${parent.id}&size=1000`);
    expect(byCategory.total).toBe(await listedCount(inTree));
    expect(byCategory.total).toBeGreaterThan(await listedCount(sql`p.category_id = ${parent.id}`));
    const both = await read(client, `&category=${parent.id}&brand=${brand.id}`);
    expect(both.total).toBe(await listedCount(sql`${inTree} and p.brand_id = ${brand.id}`));
    expect((await read(client, "&category=999999")).total).toBe(0);
    expect((await call(bo, `/pim/price-list?org_id=${orgId}&brand=abc`, { token: client.token })).status).toBe(400);
  });

  it("shows the lowest running promotion with its dates, else the next one, the organization's own included", async () => {
    const today = (await read(client)).priced_on;
    const candidates = (await read(client, "&size=400")).items.filter((item) => item.promotion === null && item.net_price > 1000);
    const [upcoming, running, foreign] = candidates;
    if (!upcoming || !running || !foreign) throw new Error("demo data lacks products without promotion");
    const otherOrg = (await login(bo, LOGINS.corsica)).user.auth_org_id;
    await bo.db
      .insertInto("promotions")
      .values([
        {
          product_id: upcoming.obj_id,
          org_id: orgId,
          name: "Offre à venir",
          promo_price: upcoming.net_price - 100,
          starts_on: addDays(today, 10),
          ends_on: addDays(today, 20),
        },
        {
          product_id: upcoming.obj_id,
          org_id: null,
          name: "Plus tard encore",
          promo_price: upcoming.net_price - 500,
          starts_on: addDays(today, 30),
          ends_on: addDays(today, 40),
        },
        {
          product_id: running.obj_id,
          org_id: null,
          name: "Offre en cours",
          promo_price: running.net_price - 200,
          starts_on: addDays(today, -2),
          ends_on: addDays(today, 5),
        },
        {
          product_id: running.obj_id,
          org_id: orgId,
          name: "Offre en cours plus basse",
          promo_price: running.net_price - 300,
          starts_on: addDays(today, -1),
          ends_on: addDays(today, 3),
        },
        {
          product_id: running.obj_id,
          org_id: null,
          name: "Offre à venir ignorée",
          promo_price: running.net_price - 900,
          starts_on: addDays(today, 7),
          ends_on: addDays(today, 9),
        },
        {
          product_id: foreign.obj_id,
          org_id: otherOrg,
          name: "Offre d'un autre client",
          promo_price: foreign.net_price - 100,
          starts_on: addDays(today, -1),
          ends_on: addDays(today, 3),
        },
        {
          product_id: foreign.obj_id,
          org_id: null,
          name: "Au-dessus du prix net",
          promo_price: foreign.net_price + 100,
          starts_on: addDays(today, -1),
          ends_on: addDays(today, 3),
        },
      ])
      .execute();
    // The read model notices the new promotions at its next revision check (at most 1 s).
    let rows: PriceListResponse["items"] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      rows = (await read(client, "&size=400")).items;
      if (rows.find((item) => item.obj_id === upcoming.obj_id)?.promotion) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const byId = new Map(rows.map((item) => [item.obj_id, item]));
    expect(byId.get(upcoming.obj_id)?.promotion).toEqual({
      name: "Offre à venir",
      price: upcoming.net_price - 100,
      starts_on: addDays(today, 10),
      ends_on: addDays(today, 20),
    });
    expect(byId.get(running.obj_id)?.promotion).toEqual({
      name: "Offre en cours plus basse",
      price: running.net_price - 300,
      starts_on: addDays(today, -1),
      ends_on: addDays(today, 3),
    });
    expect(byId.get(foreign.obj_id)?.promotion).toBeNull();
    // Another organization sees its own offer, not this one's.
    const corsica = await login(bo, LOGINS.corsica);
    const theirs = (await read(corsica, `&q=${encodeURIComponent(foreign.obj_ref)}`)).items.find((item) => item.obj_id === foreign.obj_id);
    expect(theirs?.promotion?.name === "Offre d'un autre client" || (theirs?.net_price ?? 0) <= foreign.net_price - 100).toBe(true);
    const forCorsica = (await read(corsica, `&q=${encodeURIComponent(upcoming.obj_ref)}`)).items.find(
      (item) => item.obj_id === upcoming.obj_id,
    );
    expect(forCorsica?.promotion?.name).not.toBe("Offre à venir");
  });

  it("refuses a people account without the prices flag, another organization, and a contributor before login-as", async () => {
    const refused = await call(bo, `/pim/price-list?org_id=${orgId}`, { token: storekeeper.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: "Votre compte ne permet pas de consulter les prix." });
    const corsica = await login(bo, LOGINS.corsica);
    expect((await call(bo, `/pim/price-list?org_id=${corsica.user.auth_org_id}`, { token: client.token })).status).toBe(404);
    expect((await call(bo, `/pim/price-list?org_id=${orgId}`)).status).toBe(401);
    const sales = await login(bo, LOGINS.sales);
    const contributor = await call(bo, `/pim/price-list?org_id=${sales.user.auth_org_id}`, { token: sales.token });
    expect(contributor.status).toBe(403);
    expect(JSON.stringify(contributor.body)).toContain("Choisissez d'abord le client");
    const actingAs = sessionResponse.parse(
      (await call(bo, "/auth/login-as", { token: sales.token, body: { master_id: sales.user.obj_id, slave_id: orgId } })).body,
    );
    const asClient = await read(actingAs, "&size=10");
    expect(asClient.items).toEqual((await read(client, "&size=10")).items);
  });
});
