import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartPage, cookieFor, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

let backoffice: CartBackoffice;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  products = await demoProducts(backoffice.db);
}, 60_000);
afterAll(() => backoffice.close());

describe("the shared cart under concurrent changes", () => {
  it("keeps every line when 10 users of one organization add different products at once", async () => {
    // Ten sessions of the organization (the account and its buyer, logged in five times each).
    const cookies = await Promise.all(Array.from({ length: 10 }, (_unused, index) => cookieFor(backoffice, index % 2 ? LOGINS.buyer : LOGINS.client)));
    await postCart(backoffice, cookies[0] ?? "", { intent: "clear" });
    const clearedVersion = (await cartPage(backoffice, cookies[0] ?? "")).view.version;
    const chosen = products.plain.slice(0, 10);
    expect(chosen).toHaveLength(10);
    const responses = await Promise.all(
      chosen.map((product, index) => postAdd(backoffice, cookies[index] ?? "", { productId: String(product.id), qty: String(index + 1) }) as Promise<Response>),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 303));
    const { view } = await cartPage(backoffice, cookies[0] ?? "");
    const quantities = Object.fromEntries(view.lines.map((line) => [line.productId, line.qty]));
    expect(quantities).toEqual(Object.fromEntries(chosen.map((product, index) => [product.id, index + 1])));
    // Ten saves on one row, none lost and none doubled: the version moved exactly ten times.
    expect(view.version).toBe(clearedVersion + 10);
  });

  it("adding the same product at once from 10 sessions sums every quantity", async () => {
    const cookies = await Promise.all(Array.from({ length: 10 }, () => cookieFor(backoffice, LOGINS.client)));
    await postCart(backoffice, cookies[0] ?? "", { intent: "clear" });
    const product = products.plain[0];
    await Promise.all(cookies.map((cookie) => postAdd(backoffice, cookie, { productId: String(product?.id), qty: "1" })));
    const { view } = await cartPage(backoffice, cookies[0] ?? "");
    expect(view.lines.map((line) => line.qty)).toEqual([10]);
  });
});
