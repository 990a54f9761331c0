import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddToCartAnswer } from "~/services/cart/types";
import { cookieFor, dataOf, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * The portal's own form schemas (app/services, app/routes) are not contracts: they get zod's
 * French messages from the same process-wide setting (decision 0096), which a hand-crafted
 * form shows in its toast or fetcher answer.
 */

const ENGLISH = /\b(invalid|expected|received|too big|too small|unrecognized|required)\b/i;

let backoffice: CartBackoffice;
let cookie: string;
let productId: string;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  productId = String((await demoProducts(backoffice.db)).plain[0]?.id);
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());

describe("hand-crafted forms refused in French", () => {
  it("a cart form without its line id", async () => {
    const flash = await flashOf(backoffice, await postCart(backoffice, cookie, { intent: "remove" }));
    expect(flash).toEqual({ type: "error", message: "Entrée invalide : chaîne de caractères attendu, indéfini reçu" });
  });

  it("an add-to-cart form with a mode that does not exist", async () => {
    const flash = await flashOf(
      backoffice,
      (await postAdd(backoffice, cookie, { productId, qty: "1", mode: "page", redirectTo: "/catalogue" })) as Response,
    );
    expect(flash?.message).toBe('Entrée invalide : "fetch" attendu');
  });

  it("an add-to-cart fetcher with an oversized return path", async () => {
    const answer = dataOf<AddToCartAnswer>(
      await postAdd(backoffice, cookie, { productId, qty: "1", mode: "fetch", redirectTo: `/${"x".repeat(2000)}` }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ ok: false, message: "Trop grand : chaîne de caractères doit avoir <=2000 caractères" });
    expect(JSON.stringify(answer.data)).not.toMatch(ENGLISH);
  });
});
