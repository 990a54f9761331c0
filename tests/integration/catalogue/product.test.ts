import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as productRoute from "~/routes/_app.catalogue.produit.$id";
import { thrownStatus } from "../portal/harness";
import { LOGINS, cookieFor, page, run, startCatalogueBackoffice, type CatalogueBackoffice } from "./harness";

let backoffice: CatalogueBackoffice;

beforeAll(async () => {
  backoffice = await startCatalogueBackoffice();
});
afterAll(() => backoffice.close());

async function productAs(login: string, id: string | number) {
  const cookie = await cookieFor(backoffice, login);
  return run(productRoute.loader, backoffice, page(`/catalogue/produit/${id}`, cookie), { id: String(id) });
}

async function firstProduct(where: (query: ReturnType<typeof baseQuery>) => ReturnType<typeof baseQuery>) {
  return where(baseQuery()).orderBy("p.id").executeTakeFirstOrThrow();
}
function baseQuery() {
  return backoffice.db
    .selectFrom("products as p")
    .select(["p.id", "p.ref", "p.price_selling", "p.ecotaxe"])
    .where("p.is_port", "=", false)
    .where("p.discontinued", "=", false);
}

describe("product page", () => {
  it("shows an organization its price from the domain rules, ecotax and price with VAT, and the category trail", async () => {
    const product = await firstProduct((q) => q.where("p.ecotaxe", ">", 0));
    const data = await productAs(LOGINS.organization, product.id);
    expect(data.product.ref).toBe(product.ref);
    expect(data.crumbs.length).toBeGreaterThan(1);
    expect(data.crumbs[0]?.href).toBe("/catalogue/electronique-de-bord");
    const price = data.price;
    expect(price?.listPrice).toBe(product.price_selling);
    expect(price?.ecotaxe).toBe(product.ecotaxe);
    // Price with VAT: (unit + ecotax) × 1.2, rounded to the cent.
    const base = (price?.unitPrice ?? 0) + product.ecotaxe;
    expect(price?.priceWithVat).toBe(Math.round(base * 1.2));
    expect(data.canUpdateCart).toBe(true);
  });

  it("shows a tax-exempt account no VAT and no ecotax", async () => {
    const product = await firstProduct((q) => q.where("p.ecotaxe", ">", 0));
    const data = await productAs(LOGINS.suspension, product.id);
    expect(data.price?.priceWithVat).toBeNull();
    expect(data.price?.ecotaxe).toBe(0);
  });

  it("streams the stock, with the refill date and quantity when out of stock", async () => {
    const outOfStock = await backoffice.db
      .selectFrom("stocks as s")
      .innerJoin("products as p", "p.id", "s.product_id")
      .select(["p.id", "s.refill_date", "s.refill_qte"])
      .where("s.sto_disp", "=", 0)
      .where("s.refill_date", "is not", null)
      .where("p.discontinued", "=", false)
      .executeTakeFirstOrThrow();
    const data = await productAs(LOGINS.organization, outOfStock.id);
    expect(await data.stock).toEqual({ available: 0, refillDate: outOfStock.refill_date, refillQty: outOfStock.refill_qte });
  });

  it("shows the MMSI notice on an MMSI product", async () => {
    const mmsi = await backoffice.db
      .selectFrom("products")
      .select("id")
      .where("is_mmsi", "=", true)
      .where("discontinued", "=", false)
      .executeTakeFirstOrThrow();
    const data = await productAs(LOGINS.organization, mmsi.id);
    expect(data.product.isMmsi).toBe(true);
    expect(data.product.certificatesInfo).toContain("MMSI");
  });

  it("hides prices from a people account without the prices flag, and the cart from one without cart", async () => {
    const product = await firstProduct((q) => q);
    const storekeeper = await productAs(LOGINS.storekeeper, product.id);
    expect(storekeeper.price).toBeNull();
    expect(storekeeper.canUpdateCart).toBe(true);
    const consultant = await productAs(LOGINS.consultant, product.id);
    expect(consultant.canUpdateCart).toBe(false);
    expect(consultant.price).not.toBeNull();
  });

  it("answers 404 for an id that does not exist, is not a number, or is a shipping line", async () => {
    expect(await thrownStatus(() => productAs(LOGINS.organization, 999_999))).toBe(404);
    expect(await thrownStatus(() => productAs(LOGINS.organization, "abc"))).toBe(404);
    expect(await thrownStatus(() => productAs(LOGINS.organization, "0"))).toBe(404);
    const port = await backoffice.db.selectFrom("products").select("id").where("is_port", "=", true).executeTakeFirstOrThrow();
    expect(await thrownStatus(() => productAs(LOGINS.organization, port.id))).toBe(404);
  });

  it("sends a contributor who acts for no client to the client picker", async () => {
    const product = await firstProduct((q) => q);
    const response = await productAs(LOGINS.sales, product.id).catch((thrown: unknown) => thrown);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("location")).toBe("/clients");
  });
});
