import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortalLoadContext, createPortalServices } from "~/services/context.server";
import { SECRET } from "../portal/harness";
import { cartPage, cookieFor, postAdd, postCart } from "./cart-flow";
import { DEMO_TODAY, LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

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
    const cookies = await Promise.all(
      Array.from({ length: 10 }, (_unused, index) => cookieFor(backoffice, index % 2 ? LOGINS.buyer : LOGINS.client)),
    );
    await postCart(backoffice, cookies[0] ?? "", { intent: "clear" });
    const clearedVersion = (await cartPage(backoffice, cookies[0] ?? "")).view.version;
    const chosen = products.plain.slice(0, 10);
    expect(chosen).toHaveLength(10);
    backoffice.saveStatuses.length = 0;
    const responses = await Promise.all(
      chosen.map(
        (product, index) =>
          postAdd(backoffice, cookies[index] ?? "", { productId: String(product.id), qty: String(index + 1) }) as Promise<Response>,
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 303));
    const { view } = await cartPage(backoffice, cookies[0] ?? "");
    const quantities = Object.fromEntries(view.lines.map((line) => [line.productId, line.qty]));
    expect(quantities).toEqual(Object.fromEntries(chosen.map((product, index) => [product.id, index + 1])));
    // Ten saves on one row, none lost and none doubled: the version moved exactly ten times.
    expect(view.version).toBe(clearedVersion + 10);
    // Through one portal process the changes queue per organization: none was refused (409)
    // and sent again (decision 0087).
    expect(backoffice.saveStatuses).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it("adding the same product at once from 10 sessions sums every quantity", async () => {
    const cookies = await Promise.all(Array.from({ length: 10 }, () => cookieFor(backoffice, LOGINS.client)));
    await postCart(backoffice, cookies[0] ?? "", { intent: "clear" });
    const product = products.plain[0];
    await Promise.all(cookies.map((cookie) => postAdd(backoffice, cookie, { productId: String(product?.id), qty: "1" })));
    const { view } = await cartPage(backoffice, cookies[0] ?? "");
    expect(view.lines.map((line) => line.qty)).toEqual([10]);
  });

  it("keeps every line when the users work through two portal processes at once", async () => {
    // A second portal process on the same back-office: its own cart cache and its own queue,
    // so its changes and the first process's race, and the versioned save sorts them out.
    const services = createPortalServices({
      upstreamUrl: backoffice.url,
      sessionSecret: SECRET,
      secureCookies: false,
      now: () => new Date(`${DEMO_TODAY}T10:00:00+01:00`),
    });
    let requests = 0;
    const other: CartBackoffice = {
      ...backoffice,
      context: () => createPortalLoadContext(services, { requestId: `other-${++requests}`, cspNonce: "nonce" }),
    };
    const cookies = await Promise.all(
      Array.from({ length: 10 }, (_unused, index) => cookieFor(backoffice, index % 2 ? LOGINS.buyer : LOGINS.client)),
    );
    await postCart(backoffice, cookies[0] ?? "", { intent: "clear" });
    await cartPage(other, cookies[1] ?? ""); // the second process knows the cleared cart too
    const chosen = products.plain.slice(0, 10);
    backoffice.saveStatuses.length = 0;
    const responses = await Promise.all(
      chosen.map(
        (product, index) =>
          postAdd(index < 5 ? backoffice : other, cookies[index] ?? "", {
            productId: String(product.id),
            qty: String(index + 1),
          }) as Promise<Response>,
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 303));
    const { view } = await cartPage(backoffice, cookies[0] ?? "");
    expect(Object.fromEntries(view.lines.map((line) => [line.productId, line.qty]))).toEqual(
      Object.fromEntries(chosen.map((product, index) => [product.id, index + 1])),
    );
    // Ten saves went through; the two processes' races were refused (409) and sent again.
    expect(backoffice.saveStatuses.filter((status) => status === 200)).toHaveLength(10);
    expect(backoffice.saveStatuses.some((status) => status === 409)).toBe(true);
  });
});
