import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartPage, cookieFor, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * The portal never builds a cart with two lines of one product, but one may be stored already
 * (saved by another client before the back-office refused it, decision 0097): its next save
 * is refused 422 duplicate_line, and the portal shows the back-office's French reason.
 */

let backoffice: CartBackoffice;
let cookie: string;
let product: { id: number; ref: string };

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  const plain = (await demoProducts(backoffice.db)).plain[0];
  if (!plain) throw new Error("demo data lacks plain products");
  product = plain;
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());

describe("a stored cart with two lines of one product", () => {
  it("is refused on its next save with a French reason naming the reference, and can be repaired", async () => {
    await postCart(backoffice, cookie, { intent: "clear" });
    await postAdd(backoffice, cookie, { productId: String(product.id), qty: "1" });
    const { org_id, data } = await backoffice.db
      .selectFrom("carts")
      .innerJoin("organizations", "organizations.id", "carts.org_id")
      .select(["carts.org_id", "carts.data"])
      .where("organizations.ref", "=", "C0001")
      .executeTakeFirstOrThrow();
    const stored = (typeof data === "string" ? JSON.parse(data) : data) as { products: { line_id: string }[] };
    const [line] = stored.products;
    if (!line) throw new Error("the added line is not stored");
    const twice = { ...stored, products: [line, { ...line, line_id: "ligne-en-double" }] };
    await backoffice.db
      .updateTable("carts")
      .set({ data: JSON.stringify(twice), version: sql<number>`version + 1` })
      .where("org_id", "=", org_id)
      .execute();

    const before = await cartPage(backoffice, cookie);
    expect(before.view.lines).toHaveLength(2);
    const [first] = before.view.lines;
    if (!first) throw new Error("no line shown");
    const refused = await postCart(backoffice, cookie, { intent: "update", [`qty:${first.lineId}`]: "3", [`was:${first.lineId}`]: "1" });
    expect(await flashOf(backoffice, refused)).toEqual({
      type: "error",
      message: `La référence ${product.ref} figure sur plusieurs lignes du panier : gardez-en une seule, avec la quantité totale.`,
    });
    expect((await cartPage(backoffice, cookie)).view.lines.map((shown) => shown.qty)).toEqual([1, 1]);

    await postCart(backoffice, cookie, { intent: "remove", lineId: "ligne-en-double" });
    expect((await cartPage(backoffice, cookie)).view.lines.map((shown) => [shown.productId, shown.qty])).toEqual([[product.id, 1]]);
  });
});
