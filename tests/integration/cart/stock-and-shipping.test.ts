import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddToCartAnswer } from "~/services/cart/types";
import { cartPage, cookieFor, dataOf, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * Issue 24 on the real back-office: a shortfall is said when the product is added and in the
 * cart; each delivery option says what it adds, as the totals then show; an eligible account
 * is told how far free shipping is.
 */

let backoffice: CartBackoffice;
let cookie: string;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  products = await demoProducts(backoffice.db);
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  backoffice.setNow(new Date("2026-11-20T10:00:00+01:00"));
  await postCart(backoffice, cookie, { intent: "clear" });
  await postCart(backoffice, cookie, { intent: "options" });
});

/** A plain product with exactly 3 in stock and 40 awaited on 4 December (set before anything reads its stock). */
async function scarceProduct(): Promise<{ id: number; ref: string }> {
  const product = products.plain[12];
  if (!product) throw new Error("demo data lacks plain products");
  await backoffice.db
    .updateTable("stocks")
    .set({ sto_disp: 3, refill_date: "2026-12-04", refill_qte: 40 })
    .where("product_id", "=", product.id)
    .execute();
  return product;
}

describe("stock before the order", () => {
  it("says what leaves now and what follows, in the modal, the toast and the cart", async () => {
    const product = await scarceProduct();
    const answer = dataOf<AddToCartAnswer>(await postAdd(backoffice, cookie, { productId: String(product.id), qty: "500", mode: "fetch" }));
    if (!answer.data.ok) throw new Error(answer.data.message);
    expect(answer.data.availability).toEqual({
      ordered: 500,
      availableNow: 3,
      toFollow: 497,
      refillDate: "2026-12-04",
      refillQty: 40,
      partialDelivery: false,
    });

    await postCart(backoffice, cookie, { intent: "clear" });
    const response = (await postAdd(backoffice, cookie, {
      productId: String(product.id),
      qty: "500",
      redirectTo: "/catalogue",
    })) as Response;
    const message = (await flashOf(backoffice, response))?.message ?? "";
    expect(message).toContain("ajouté au panier, quantité 500. Seulement 3 disponibles maintenant sur 500 demandées.");
    expect(message).toContain("497 unités manquantes : 40 attendues au réapprovisionnement prévu le 4 décembre 2026");

    const line = (await cartPage(backoffice, cookie)).view.lines.find((candidate) => candidate.productId === product.id);
    expect(line?.availability).toMatchObject({ availableNow: 3, toFollow: 497, partialDelivery: false });
  });

  it("says nothing when the stock serves the quantity", async () => {
    const answer = dataOf<AddToCartAnswer>(
      await postAdd(backoffice, cookie, { productId: String(products.plain[0]?.id), qty: "1", mode: "fetch" }),
    );
    expect(answer.data).toMatchObject({ ok: true, availability: null });
  });
});

describe("what the delivery options add", () => {
  it("is the difference each makes to the shipping total, the fee and its own lines together", async () => {
    await postAdd(backoffice, cookie, { productId: String(products.plain[0]?.id), qty: "2" });
    const before = (await cartPage(backoffice, cookie)).view;
    const lddCost = before.optionCosts?.ldd ?? 0;
    expect(lddCost).toBeGreaterThan(before.lddPrice ?? 0);
    await postCart(backoffice, cookie, { intent: "options", ldd: "on" });
    const after = (await cartPage(backoffice, cookie)).view;
    expect((after.totals?.shippingHt ?? 0) - (before.totals?.shippingHt ?? 0)).toBe(lddCost);
    expect(after.optionCosts?.ldd).toBe(lddCost);
    // A Friday: Saturday delivery costs its line.
    expect(after.optionCosts?.saturday).toBeGreaterThan(0);
    await postCart(backoffice, cookie, { intent: "options", ldd: "on", saturday: "on" });
    const saturday = (await cartPage(backoffice, cookie)).view;
    expect((saturday.totals?.shippingHt ?? 0) - (after.totals?.shippingHt ?? 0)).toBe(after.optionCosts?.saturday);
  });

  it("shows no amount to an account without prices", async () => {
    await postAdd(backoffice, cookie, { productId: String(products.plain[0]?.id), qty: "1" });
    const { view } = await cartPage(backoffice, await cookieFor(backoffice, LOGINS.storekeeper));
    expect([view.optionCosts, view.freeShipping]).toEqual([null, null]);
  });
});

describe("free shipping", () => {
  it("tells an eligible account what is missing, and nothing to one that is not", async () => {
    const cheap = await backoffice.db
      .selectFrom("products")
      .select("id")
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .where("is_motor", "=", false)
      .where("is_antenna", "=", false)
      .where("is_mmsi", "=", false)
      .where("price_selling", ">", 0)
      .orderBy("price_selling")
      .executeTakeFirst();
    if (!cheap) throw new Error("demo data lacks a plain product");
    await postAdd(backoffice, cookie, { productId: String(cheap.id), qty: "1" });
    const { view } = await cartPage(backoffice, cookie);
    const productsHt = view.totals?.productsHt ?? 0;
    expect(productsHt).toBeLessThan(5000);
    expect(view.freeShipping).toEqual({ missing: 5000 - productsHt, othersCharged: false });

    const corsica = await cookieFor(backoffice, LOGINS.corsica);
    await postCart(backoffice, corsica, { intent: "clear" });
    await postAdd(backoffice, corsica, { productId: String(cheap.id), qty: "1" });
    expect((await cartPage(backoffice, corsica)).view.freeShipping).toBeNull();
  });
});
