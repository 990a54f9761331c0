import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productDetail, productListResponse, savedCartAnswer, type SessionResponse } from "@shared/contracts/api";
import { addDaysTo } from "@shared/domain/invoices";
import { cartWith, lineFor } from "../backoffice/cart-fixtures";
import { call, DEMO_TODAY, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `prices` and `price-groups` feeds (docs/integration.md, decision 0177) against the real
 * back-office on each engine: customers' and groups' net prices and discounts, dated or not,
 * and promotions, upserted whole or not at all, and seen on the very next read of a product,
 * a list and a cart.
 */

const day = (offset: number) => addDaysTo(DEMO_TODAY, offset);
const french = (iso: string) => iso.split("-").reverse().join("/");

describe.each(ENGINES)("the prices feed on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let orgId: number;
  /** Listed products of the small demo with no price of C0001's own nor promotion: what the tests reprice. */
  let plain: { id: number; ref: string; price_selling: number; brand_id: number | null }[];

  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
    orgId = client.user.auth_org_id;
    plain = await bo.db
      .selectFrom("products as p")
      .select(["p.id", "p.ref", "p.price_selling", "p.brand_id"])
      .where("p.is_port", "=", false)
      .where("p.discontinued", "=", false)
      .where("p.price_selling", ">", 5000)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("org_product_prices as c").select("c.org_id").whereRef("c.product_id", "=", "p.id"))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom("promotions as pr").select("pr.id").whereRef("pr.product_id", "=", "p.id"))))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("price_group_product_prices as g").select("g.group_id").whereRef("g.product_id", "=", "p.id"))),
      )
      .orderBy("p.id")
      .limit(12)
      .execute();
    expect(plain).toHaveLength(12);
  });
  afterAll(async () => {
    await bo.close();
  });

  const productOf = (index: number) => {
    const product = plain[index];
    if (!product) throw new Error(`no plain product ${index}`);
    return product;
  };
  const detail = async (session: SessionResponse, ref: string) =>
    productDetail.parse((await call(bo, `/pim/products/${ref}?usr_id=${session.user.auth_org_id}`, { token: session.token })).body);
  const pricingRevision = async () =>
    (await bo.db.selectFrom("catalogue_revisions").select("revision").where("name", "=", "pricing").executeTakeFirstOrThrow()).revision;

  it("shows an imported customer price on the next read of the product, the list and the cart, the cart's tag included", async () => {
    const product = productOf(0);
    const read = await call(bo, `/oms/cart/${orgId}`, { token: client.token });
    const { version } = savedCartAnswer.parse(read.body);
    const saved = await call(bo, `/oms/cart/${orgId}`, { token: client.token, body: { version, cart: cartWith([lineFor(product, 2)]) } });
    expect(saved.status).toBe(200);
    const before = await fetch(`${bo.baseUrl}/oms/cart/${orgId}`, { headers: { authorization: `Bearer ${client.token}` } });
    const etag = before.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    // Read just before: the back-office's in-memory prices are fresh and would be kept a second.
    expect((await detail(client, product.ref)).prc_price).toBe(product.price_selling);

    const file = cp1252(
      `Code client;Référence article;Prix net HT;Désignation\r\nC0001;${product.ref.toLowerCase()};12,34;Gilet côtier\r\n`,
    );
    const { status, body } = await postFeed(bo, "prices", file);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ applied: true, counts: { created: 1, updated: 0, unchanged: 0, refused: 0 } });

    const shown = await detail(client, product.ref);
    expect(shown).toMatchObject({ prc_price: 1234, prc_promo_price: null });
    expect(shown.prc_discount).toBeCloseTo((1 - 1234 / product.price_selling) * 100, 1);
    const list = productListResponse.parse(
      (await call(bo, `/pim/products?usr_id=${orgId}&q=${product.ref}`, { token: client.token })).body,
    );
    expect(list.items.find((item) => item.obj_id === product.id)?.prc_price).toBe(1234);
    const again = await fetch(`${bo.baseUrl}/oms/cart/${orgId}`, {
      headers: { authorization: `Bearer ${client.token}`, "if-none-match": etag },
    });
    expect(again.status).toBe(200);
    const cart = savedCartAnswer.parse(await again.json()).cart;
    expect(cart.products.find((line) => line.obj_id === product.id)?.prc_price).toBe(1234);
  });

  it("changes nothing when the same file comes again, and says so without touching the prices' revision", async () => {
    const product = productOf(0);
    const revision = await pricingRevision();
    const { status, body } = await postFeed(
      bo,
      "prices",
      utf8(`Référence client;Référence produit;Prix net HT\nC0001;${product.ref};12.34\n`),
    );
    expect(status).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 1, refused: 0 });
    expect(await pricingRevision()).toBe(revision);
    const updated = await postFeed(bo, "prices", utf8(`Référence client;Référence produit;Prix net HT\nC0001;${product.ref};12.35\n`));
    expect(updated.body.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect((await detail(client, product.ref)).prc_price).toBe(1235);
  });

  it("reads an XLSX of group, brand and customer discounts and promotions, dates as cells; twice is unchanged", async () => {
    const [a, b] = [productOf(1), productOf(2)];
    // A demo brand without a discount of C0001's nor of a group, given the ERP's reference the brands feed would.
    const brand = await bo.db
      .selectFrom("brands as b")
      .select("b.id")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("org_brand_discounts as d").select("d.org_id").whereRef("d.brand_id", "=", "b.id").where("d.org_id", "=", orgId),
          ),
        ),
      )
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom("price_group_brand_discounts as g").select("g.group_id").whereRef("g.brand_id", "=", "b.id"))),
      )
      .orderBy("b.id")
      .executeTakeFirstOrThrow();
    await bo.db.updateTable("brands").set({ erp_ref: "GLENAN" }).where("id", "=", brand.id).execute();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Tarifs");
    sheet.addRow([
      "Référence client",
      "Groupe de prix",
      "Référence produit",
      "Référence marque",
      "Promotion",
      "Prix net HT",
      "Remise (%)",
      "Date de début",
      "Date de fin",
    ]);
    const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
    sheet.addRow([null, "CHANTIERS", a.ref, null, null, null, 15, at(day(0)), at(day(30))]);
    sheet.addRow([null, "revendeurs", null, "glenan", null, null, 7.5, null, null]);
    sheet.addRow(["C0001", null, null, "GLENAN", null, null, 3, null, null]);
    sheet.addRow([null, null, b.ref, null, "Offre d'hiver", null, 10, at(day(-1)), at(day(10))]);
    sheet.addRow(["C0001", null, b.ref, null, "Offre d'hiver", 50, null, at(day(-1)), at(day(10))]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const first = await postFeed(bo, "prices", bytes);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.counts).toEqual({ created: 5, updated: 0, unchanged: 0, refused: 0 });
    const groups = new Map((await bo.db.selectFrom("price_groups").select(["id", "ref"]).execute()).map((row) => [row.ref, row.id]));
    expect(
      await bo.db
        .selectFrom("price_group_product_prices")
        .select(["group_id", "price", "discount", "starts_on", "ends_on"])
        .where("product_id", "=", a.id)
        .execute(),
    ).toEqual([{ group_id: groups.get("CHANTIERS"), price: null, discount: 15, starts_on: day(0), ends_on: day(30) }]);
    expect(
      await bo.db.selectFrom("price_group_brand_discounts").select(["group_id", "discount"]).where("brand_id", "=", brand.id).execute(),
    ).toEqual([{ group_id: groups.get("REVENDEURS"), discount: 7.5 }]);
    expect(
      await bo.db
        .selectFrom("org_brand_discounts")
        .select(["discount", "starts_on"])
        .where("org_id", "=", orgId)
        .where("brand_id", "=", brand.id)
        .execute(),
    ).toContainEqual({
      discount: 3,
      starts_on: null,
    });
    expect(
      await bo.db
        .selectFrom("promotions")
        .select(["org_id", "promo_price", "starts_on", "ends_on"])
        .where("name", "=", "Offre d'hiver")
        .orderBy("id")
        .execute(),
    ).toEqual([
      { org_id: null, promo_price: Math.round(b.price_selling * 0.9), starts_on: day(-1), ends_on: day(10) },
      { org_id: orgId, promo_price: 5000, starts_on: day(-1), ends_on: day(10) },
    ]);
    // The customer's own promotion, lower, is the one it sees.
    expect(await detail(client, b.ref)).toMatchObject({ prc_promo_price: 5000, prc_promo_name: "Offre d'hiver" });
    const second = await postFeed(bo, "prices", bytes);
    expect(second.body.counts).toEqual({ created: 0, updated: 0, unchanged: 5, refused: 0 });
  });

  it("changes nothing for a file with one bad line, and applies the others with skip_invalid", async () => {
    const [c, d] = [productOf(3), productOf(4)];
    const file = utf8(
      `Référence client;Référence produit;Prix net HT;Remise (%)\nC0001;${c.ref};40,00;\nC0001;INCONNU-42;10;\nC0001;${d.ref};;12,5\n`,
    );
    const refused = await postFeed(bo, "prices", file);
    expect(refused.status).toBe(422);
    expect(refused.body.refused.map((line) => line.text)).toEqual([
      "ligne 3, colonne Référence produit : « INCONNU-42 » n'est pas un produit connu",
    ]);
    expect(refused.body.counts).toEqual({ created: 0, updated: 0, unchanged: 0, refused: 1 });
    const stored = () =>
      bo.db
        .selectFrom("org_product_prices")
        .select("product_id")
        .where("org_id", "=", orgId)
        .where("product_id", "in", [c.id, d.id])
        .execute();
    expect(await stored()).toEqual([]);
    const skipped = await postFeed(bo, "prices", file, "?skip_invalid=1");
    expect(skipped.status).toBe(200);
    expect(skipped.body.counts).toEqual({ created: 2, updated: 0, unchanged: 0, refused: 1 });
    expect(await stored()).toHaveLength(2);
    expect((await detail(client, d.ref)).prc_price).toBe(Math.round(d.price_selling * 0.875));
  });

  it("refuses a price and a discount on one line, a negative price, a discount past 100 %, an end before the start, a line said twice", async () => {
    const e = productOf(5);
    const { status, body } = await postFeed(
      bo,
      "prices",
      utf8(
        [
          "Référence client;Groupe de prix;Référence produit;Prix net HT;Remise (%);Date de début;Date de fin",
          `C0001;;${e.ref};10;5;;`,
          `C0001;;${e.ref};-3;;;`,
          `C0001;;${e.ref};;120;;`,
          `C0001;;${e.ref};10;;${french(day(5))};${french(day(1))}`,
          `;INCONNU;${e.ref};10;;;`,
          `C0001;;${e.ref};10;;${french(day(5))};`,
          `C0001;;${e.ref};11;;${french(day(5))};`,
        ].join("\n"),
      ),
    );
    expect(status).toBe(422);
    expect(body.refused.map((line) => line.text)).toEqual([
      "ligne 2, colonne Remise (%) : « 5 » une ligne donne un prix ou une remise, pas les deux",
      "ligne 3, colonne Prix net HT : « -3,00 » est négatif",
      "ligne 4, colonne Remise (%) : « 120 » n'est pas une remise de 0 à 100 %",
      `ligne 5, colonne Date de fin : « ${french(day(1))} » précède la Date de début (${french(day(5))})`,
      "ligne 6, colonne Groupe de prix : « INCONNU » n'est pas un groupe de prix connu (flux price-groups)",
      `ligne 8, colonne Référence produit : « ${e.ref} » figure déjà ligne 7 pour le même client ou groupe et la même date de début`,
    ]);
    expect(await bo.db.selectFrom("org_product_prices").select("price").where("product_id", "=", e.id).execute()).toEqual([]);
  });

  it("applies a dated price only within its days, the customer's own conditions before its group's", async () => {
    const yard = await login(bo, "contact@chantier-saint-nazaire.fr");
    const member = await bo.db
      .selectFrom("organizations")
      .select(["ref", "price_group_id"])
      .where("id", "=", yard.user.auth_org_id)
      .executeTakeFirstOrThrow();
    const group = await bo.db.selectFrom("price_groups").select("id").where("ref", "=", "CHANTIERS").executeTakeFirstOrThrow();
    expect(member.price_group_id).toBe(group.id);
    // A product the yard has no condition of its own on, not even on its brand.
    const f = (
      await Promise.all(
        plain.map(async (product) => ({
          product,
          own: await bo.db
            .selectFrom("org_brand_discounts")
            .select("discount")
            .where("org_id", "=", yard.user.auth_org_id)
            .where("brand_id", "=", product.brand_id ?? 0)
            .execute(),
        })),
      )
    ).find((candidate, index) => index >= 6 && candidate.own.length === 0)?.product;
    if (!f) throw new Error("no product without the yard's brand discount");
    const list = f.price_selling;
    const post = async (lines: string[]) => {
      const answer = await postFeed(
        bo,
        "prices",
        utf8(["Référence client;Groupe de prix;Référence produit;Prix net HT;Remise (%);Date de début;Date de fin", ...lines].join("\n")),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    expect((await detail(yard, f.ref)).prc_price).toBe(list);
    const outside = (await detail(client, f.ref)).prc_price;
    await post([`;CHANTIERS;${f.ref};;20;;`]);
    expect(await detail(yard, f.ref)).toMatchObject({ prc_price: Math.round(list * 0.8), prc_discount: 20 });
    // A customer outside the group keeps its price.
    expect((await detail(client, f.ref)).prc_price).toBe(outside);
    await post([`;CHANTIERS;${f.ref};${(list / 200).toFixed(2).replace(".", ",")};;;`]);
    expect((await detail(yard, f.ref)).prc_price).toBe(Math.round(list / 2));
    await post([`${member.ref};;${f.ref};;10;;`]);
    expect((await detail(yard, f.ref)).prc_price).toBe(Math.round(list * 0.9));
    await post([`${member.ref};;${f.ref};55,00;;${french(day(1))};${french(day(2))}`]);
    expect((await detail(yard, f.ref)).prc_price).toBe(Math.round(list * 0.9));
    try {
      bo.setNow(new Date(`${day(1)}T10:00:00+01:00`));
      const tomorrow = await login(bo, "contact@chantier-saint-nazaire.fr");
      expect((await detail(tomorrow, f.ref)).prc_price).toBe(5500);
      bo.setNow(new Date(`${day(3)}T10:00:00+01:00`));
      const later = await login(bo, "contact@chantier-saint-nazaire.fr");
      expect((await detail(later, f.ref)).prc_price).toBe(Math.round(list * 0.9));
    } finally {
      bo.setNow(new Date(`${DEMO_TODAY}T10:00:00+01:00`));
    }
  });

  it("stops a file without a price nor a discount column, before reading its lines", async () => {
    const { status, body } = await postFeed(bo, "prices", utf8(`Référence client;Référence produit\nC0001;${productOf(7).ref}\n`));
    expect(status).toBe(422);
    expect(body).toMatchObject({
      code: "invalid_file",
      message:
        "Colonne « Prix net HT » ou « Remise (%) » absente de la ligne d'en-tête : il en faut une au moins (colonnes lues : « Référence client », « Référence produit »).",
    });
  });
});

describe.each(ENGINES)("the price-groups feed on %s", (engine) => {
  let bo: Backoffice;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("creates, renames and leaves unchanged by reference; a customer put in a group gets its prices at once", async () => {
    const first = await postFeed(
      bo,
      "price-groups",
      cp1252("Code catégorie tarifaire;Intitulé\r\nLOUEURS;Loueurs de bateaux\r\nREVENDEURS;Revendeurs agréés\r\n"),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.counts).toEqual({ created: 1, updated: 1, unchanged: 0, refused: 0 });
    expect(await bo.db.selectFrom("price_groups").select(["ref", "title"]).orderBy("ref").execute()).toEqual([
      { ref: "CHANTIERS", title: "Chantiers navals" },
      { ref: "LOUEURS", title: "Loueurs de bateaux" },
      { ref: "REVENDEURS", title: "Revendeurs agréés" },
    ]);
    const again = await postFeed(bo, "price-groups", utf8("Référence,Nom\nloueurs,Loueurs de bateaux\n"));
    expect(again.body.counts).toEqual({ created: 0, updated: 0, unchanged: 1, refused: 0 });

    const client = await login(bo, LOGINS.client);
    const product = await bo.db
      .selectFrom("products as p")
      .select(["p.id", "p.ref", "p.price_selling"])
      .where("p.is_port", "=", false)
      .where("p.discontinued", "=", false)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("org_product_prices as c").select("c.org_id").whereRef("c.product_id", "=", "p.id"))))
      .orderBy("p.id")
      .executeTakeFirstOrThrow();
    const prices = await postFeed(bo, "prices", utf8(`Groupe de prix;Référence produit;Prix net HT\nLOUEURS;${product.ref};1,00\n`));
    expect(prices.status).toBe(200);
    const shown = async () =>
      productDetail.parse((await call(bo, `/pim/products/${product.ref}?usr_id=${client.user.auth_org_id}`, { token: client.token })).body)
        .prc_price;
    expect(await shown()).not.toBe(100);
    // What the customers feed does (« Groupe de prix »): the group's prices follow within a second (decision 0083).
    const loueurs = await bo.db.selectFrom("price_groups").select("id").where("ref", "=", "LOUEURS").executeTakeFirstOrThrow();
    await bo.db.updateTable("organizations").set({ price_group_id: loueurs.id }).where("id", "=", client.user.auth_org_id).execute();
    await expect.poll(shown, { timeout: 5000, interval: 300 }).toBe(100);
  });
});
