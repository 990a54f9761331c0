import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AddToCartAnswer } from "~/services/cart/types";
import { createPortalLoadContext, createPortalServices } from "~/services/context.server";
import { SECRET } from "../portal/harness";
import { cartPage, cookieFor, dataOf, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

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
  backoffice.failSaves = false;
  await postCart(backoffice, cookie, { intent: "clear" });
});

const plainId = () => String(products.plain[0]?.id);

describe("add to cart without JavaScript", () => {
  it("adds a new product, redirects back to the page and says so", async () => {
    const response = (await postAdd(backoffice, cookie, {
      productId: plainId(),
      qty: "2",
      redirectTo: "/catalogue/marques?page=2",
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/catalogue/marques?page=2");
    expect((await flashOf(backoffice, response))?.message).toMatch(/ajouté au panier, quantité 2/);
    const { view } = await cartPage(backoffice, cookie);
    expect(view.lines.map((line) => [line.productId, line.qty])).toEqual([[products.plain[0]?.id, 2]]);
    expect(view.shippingLines.length).toBeGreaterThan(0);
  });

  it("adds to the existing line of a product already there", async () => {
    await postAdd(backoffice, cookie, { productId: plainId(), qty: "2" });
    await postAdd(backoffice, cookie, { productId: plainId(), qty: "3" });
    const { view } = await cartPage(backoffice, cookie);
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]?.qty).toBe(5);
  });

  it("never redirects to another site", async () => {
    const response = (await postAdd(backoffice, cookie, { productId: plainId(), qty: "1", redirectTo: "//evil.example/x" })) as Response;
    expect(response.headers.get("location")).toBe("/mon-panier");
  });

  it.each([
    ["0", /supérieur à zéro/],
    ["-1", /nombre entier/],
    ["abc", /nombre entier/],
    ["1e9", /nombre entier/],
    ["1000000000", /ne peut pas dépasser 9999/],
    ["", /nombre entier/],
  ])("refuses the quantity %j with a French reason and changes nothing", async (qty, reason) => {
    const response = (await postAdd(backoffice, cookie, { productId: plainId(), qty, redirectTo: "/catalogue" })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/catalogue");
    const flash = await flashOf(backoffice, response);
    expect(flash?.type).toBe("error");
    expect(flash?.message).toMatch(reason);
    expect((await cartPage(backoffice, cookie)).view.lines).toHaveLength(0);
  });

  it("refuses a shipping reference, an unknown product and a discontinued one", async () => {
    for (const [productId, reason] of [
      [String(products.shipping.id), /frais de port/],
      ["999999", /introuvable/],
      [String(products.discontinued.id), /n'est plus commercialisé/],
      ["abc", /Produit invalide/],
    ] as const) {
      const flash = await flashOf(backoffice, (await postAdd(backoffice, cookie, { productId, qty: "1" })) as Response);
      expect(flash?.message).toMatch(reason);
    }
    expect((await cartPage(backoffice, cookie)).view.lines).toHaveLength(0);
  });
});

describe("add to cart with a fetcher", () => {
  it("answers what the modal shows: product, quantity, new total, cart count", async () => {
    const answer = dataOf<AddToCartAnswer>(await postAdd(backoffice, cookie, { productId: plainId(), qty: "3", mode: "fetch" }));
    expect(answer.status).toBe(200);
    if (!answer.data.ok) throw new Error(answer.data.message);
    expect(answer.data).toMatchObject({ qtyAdded: 3, qtyInCart: 3, cartCount: 1 });
    const { view } = await cartPage(backoffice, cookie);
    expect(answer.data.totalTtc).toBe(view.totals?.ttc);
    expect(answer.data.totalHt).toBeGreaterThan(0);
  });

  it("answers a refusal as data with its status", async () => {
    const answer = dataOf<AddToCartAnswer>(await postAdd(backoffice, cookie, { productId: plainId(), qty: "abc", mode: "fetch" }));
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ ok: false, message: expect.stringMatching(/nombre entier/) });
  });
});

describe("permissions", () => {
  it("refuses every cart change to a people account without the cart right (403)", async () => {
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    const answer = dataOf<AddToCartAnswer>(await postAdd(backoffice, consultant, { productId: plainId(), qty: "1", mode: "fetch" }));
    expect(answer.status).toBe(403);
    const clear = await postCart(backoffice, consultant, { intent: "clear" });
    expect((await flashOf(backoffice, clear))?.message).toMatch(/ne permet pas de modifier le panier/);
    const { view } = await cartPage(backoffice, consultant);
    expect(view.canEdit).toBe(false);
  });

  it("shows no price at all to a people account without the prices right", async () => {
    await postAdd(backoffice, cookie, { productId: plainId(), qty: "1" });
    const storekeeper = await cookieFor(backoffice, LOGINS.storekeeper);
    const { view } = await cartPage(backoffice, storekeeper);
    expect(view.canSeePrices).toBe(false);
    expect(view.totals).toBeNull();
    expect(view.lddPrice).toBeNull();
    for (const line of [...view.lines, ...view.shippingLines]) {
      expect([line.unitPrice, line.listPrice, line.lineTotal, line.ecotaxe, line.discountPercent, line.promoName]).toEqual([
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    const answer = dataOf<AddToCartAnswer>(await postAdd(backoffice, storekeeper, { productId: plainId(), qty: "1", mode: "fetch" }));
    expect(answer.data).toMatchObject({ ok: true, totalHt: null, totalTtc: null });
  });
});

describe("when the back-office cannot save", () => {
  it("says so in French, logs it with the request id, and keeps the last saved cart", async () => {
    await postAdd(backoffice, cookie, { productId: plainId(), qty: "1" });
    backoffice.failSaves = true;
    const before = backoffice.logged.length;
    const response = (await postAdd(backoffice, cookie, { productId: String(products.plain[1]?.id), qty: "1" })) as Response;
    expect((await flashOf(backoffice, response))?.message).toMatch(/Le panier n'a pas pu être enregistré/);
    const logged = backoffice.logged.slice(before);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? "{}")).toMatchObject({
      msg: "cart save failed",
      operation: "add",
      requestId: expect.stringMatching(/^cart-test-/),
    });
    backoffice.failSaves = false;
    const { view } = await cartPage(backoffice, cookie);
    expect(view.lines.map((line) => line.productId)).toEqual([products.plain[0]?.id]);
  });
});

describe("adding a product the cart already holds", () => {
  it("takes the product from its line, without a catalogue call, and refuses one discontinued since", async () => {
    const lookups: string[] = [];
    const upstreamFetch: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.startsWith("/api/pim/products/")) lookups.push(url.pathname);
      return fetch(input, init);
    };
    // A portal process of its own, whose catalogue calls are counted.
    const services = createPortalServices({
      upstreamUrl: backoffice.url,
      sessionSecret: SECRET,
      secureCookies: false,
      upstreamFetch,
      now: backoffice.now,
    });
    const portal = { ...backoffice, context: () => createPortalLoadContext(services, { requestId: "held", cspNonce: "nonce" }) };
    const own = await cookieFor(portal, LOGINS.client);
    const [first] = products.plain;
    if (!first) throw new Error("demo data lacks plain products");

    await postAdd(portal, own, { productId: String(first.id), qty: "1" });
    expect(lookups).toEqual([`/api/pim/products/${first.id}`]);
    const again = dataOf<AddToCartAnswer>(await postAdd(portal, own, { productId: String(first.id), qty: "2", mode: "fetch" }));
    expect(lookups).toHaveLength(1);
    expect(again.data).toMatchObject({ ok: true, qtyAdded: 2, qtyInCart: 3, product: { ref: first.ref } });
    if (!again.data.ok) throw new Error("refused");
    expect(again.data.product.image).toMatch(/^\/images\/produits\//);

    // Discontinued since: the next save is refused by the back-office, which names it; the
    // cart is then read whole, its line marked, and adding it again is refused at once.
    await backoffice.db.updateTable("products").set({ discontinued: true }).where("id", "=", first.id).execute();
    try {
      const other = String(products.plain[1]?.id);
      // The back-office's catalogue follows the change within its revision check (a second).
      let refusal = dataOf<AddToCartAnswer>(await postAdd(portal, own, { productId: other, qty: "1", mode: "fetch" }));
      for (let attempt = 0; refusal.status === 200 && attempt < 50; attempt++) {
        await postCart(portal, own, {
          intent: "remove",
          lineId: (await cartPage(portal, own)).view.lines.find((line) => String(line.productId) === other)?.lineId ?? "",
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        refusal = dataOf<AddToCartAnswer>(await postAdd(portal, own, { productId: other, qty: "1", mode: "fetch" }));
      }
      expect(refusal).toMatchObject({ status: 422, data: { ok: false, message: expect.stringContaining(first.ref) } });
      const { view } = await cartPage(portal, own);
      expect(view.lines.find((line) => line.productId === first.id)?.discontinued).toBe(true);
      const again = dataOf<AddToCartAnswer>(await postAdd(portal, own, { productId: String(first.id), qty: "1", mode: "fetch" }));
      expect(again).toMatchObject({ status: 400, data: { ok: false, message: expect.stringContaining("n'est plus commercialisé") } });
      expect((await cartPage(portal, own)).view.version).toBe(view.version);
    } finally {
      await backoffice.db.updateTable("products").set({ discontinued: false }).where("id", "=", first.id).execute();
    }
  });
});
