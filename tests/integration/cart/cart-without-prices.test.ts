import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartPage, cookieFor, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * The back-office answers the cart without amounts to a people account without `prices`
 * (docs/decisions/0131-no-amounts-in-the-cart-without-prices.md): the cart page of such an
 * account works with those nulls, and a colleague with prices, sharing the portal's cache of
 * carts, never gets the cart without them.
 */
let backoffice: CartBackoffice;
let client: string;
let storekeeper: string;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  products = await demoProducts(backoffice.db);
  [client, storekeeper] = await Promise.all([cookieFor(backoffice, LOGINS.client), cookieFor(backoffice, LOGINS.storekeeper)]);
}, 60_000);
afterAll(() => backoffice.close());

const amountsOf = (view: Awaited<ReturnType<typeof cartPage>>["view"]) => [
  view.totals,
  view.lddPrice,
  view.optionCosts,
  view.freeShipping,
  ...[...view.lines, ...view.shippingLines].flatMap((line) => [
    line.unitPrice,
    line.listPrice,
    line.lineTotal,
    line.ecotaxe,
    line.discountPercent,
    line.promoName,
  ]),
];

describe("the cart of an account without prices", () => {
  it("renders the back-office's cart, its shipping lines included, without an amount", async () => {
    await postAdd(backoffice, client, { productId: String(products.plain[0]?.id), qty: "2" });
    await postAdd(backoffice, client, { productId: String(products.plain[1]?.id), qty: "1" });
    const priced = (await cartPage(backoffice, client)).view;
    expect(priced.shippingLines.length).toBeGreaterThan(0);

    const { view } = await cartPage(backoffice, storekeeper);
    expect(view.canSeePrices).toBe(false);
    expect(view.version).toBe(priced.version);
    expect(view.lines.map((line) => [line.ref, line.qty])).toEqual(priced.lines.map((line) => [line.ref, line.qty]));
    expect(view.shippingLines.map((line) => line.ref)).toEqual(priced.shippingLines.map((line) => line.ref));
    expect(amountsOf(view).every((amount) => amount === null)).toBe(true);
  });

  it("changes the cart, and the colleague with prices still reads every amount afterwards", async () => {
    const line = (await cartPage(backoffice, storekeeper)).view.lines[0];
    if (!line) throw new Error("no line");
    const response = await postCart(backoffice, storekeeper, {
      intent: "update",
      [`qty:${line.lineId}`]: "5",
      [`was:${line.lineId}`]: String(line.qty),
    });
    expect((await flashOf(backoffice, response))?.message).toBe("Quantités mises à jour.");
    const added = await postAdd(backoffice, storekeeper, { productId: String(products.plain[2]?.id), qty: "1" });
    expect((await flashOf(backoffice, added as Response))?.type).toBe("success");

    const { view } = await cartPage(backoffice, client);
    expect(view.canSeePrices).toBe(true);
    expect(view.lines.find((candidate) => candidate.lineId === line.lineId)?.qty).toBe(5);
    expect(view.lines).toHaveLength(3);
    // Real amounts, not the placeholders of the storekeeper's cart.
    expect(view.totals?.totalHt).toBeGreaterThan(0);
    for (const each of view.lines) expect(each.unitPrice).toBeGreaterThan(0);
    // And the storekeeper's page, read again, still shows none.
    expect(amountsOf((await cartPage(backoffice, storekeeper)).view).every((amount) => amount === null)).toBe(true);
  });
});
