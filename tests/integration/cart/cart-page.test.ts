import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartPage, cookieFor, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";
import { thrownStatus } from "../portal/harness";

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
  await postAdd(backoffice, cookie, { productId: String(products.plain[0]?.id), qty: "2" });
  await postAdd(backoffice, cookie, { productId: String(products.plain[1]?.id), qty: "1" });
});

const lineOf = async (index: number) => {
  const { view } = await cartPage(backoffice, cookie);
  const line = view.lines.find((candidate) => candidate.productId === products.plain[index]?.id);
  if (!line) throw new Error("line missing");
  return line;
};

describe("/mon-panier", () => {
  it("changes only the quantities the user changed, in one form", async () => {
    const first = await lineOf(0);
    const second = await lineOf(1);
    const response = await postCart(backoffice, cookie, {
      intent: "update",
      [`qty:${first.lineId}`]: "7",
      [`was:${first.lineId}`]: "2",
      [`qty:${second.lineId}`]: "1",
      [`was:${second.lineId}`]: "1",
    });
    expect(response.status).toBe(303);
    expect((await flashOf(backoffice, response))?.message).toBe("Quantités mises à jour.");
    expect((await lineOf(0)).qty).toBe(7);
    expect((await lineOf(1)).qty).toBe(1);
  });

  it("does not overwrite a colleague's change to a line the user left alone", async () => {
    const first = await lineOf(0);
    const second = await lineOf(1);
    const colleague = await cookieFor(backoffice, LOGINS.buyer);
    await postCart(backoffice, colleague, { intent: "update", [`qty:${second.lineId}`]: "4", [`was:${second.lineId}`]: "1" });
    // The first user's page still shows 1 for the second line.
    await postCart(backoffice, cookie, {
      intent: "update",
      [`qty:${first.lineId}`]: "3",
      [`was:${first.lineId}`]: "2",
      [`qty:${second.lineId}`]: "1",
      [`was:${second.lineId}`]: "1",
    });
    expect((await lineOf(0)).qty).toBe(3);
    expect((await lineOf(1)).qty).toBe(4);
  });

  it.each(["abc", "-1", "1e9", "10000"])("refuses the quantity %j", async (qty) => {
    const first = await lineOf(0);
    const response = await postCart(backoffice, cookie, { intent: "update", [`qty:${first.lineId}`]: qty, [`was:${first.lineId}`]: "2" });
    expect((await flashOf(backoffice, response))?.type).toBe("error");
    expect((await lineOf(0)).qty).toBe(2);
  });

  it("removes a line with a quantity of 0 or the remove button", async () => {
    const first = await lineOf(0);
    await postCart(backoffice, cookie, { intent: "update", [`qty:${first.lineId}`]: "0", [`was:${first.lineId}`]: "2" });
    const second = await lineOf(1);
    await postCart(backoffice, cookie, { intent: "remove", lineId: second.lineId });
    const { view } = await cartPage(backoffice, cookie);
    expect(view.lines).toHaveLength(0);
    expect(view.shippingLines).toHaveLength(0);
  });

  it("refuses to change or remove a shipping line", async () => {
    const { view } = await cartPage(backoffice, cookie);
    const shipping = view.shippingLines[0];
    if (!shipping) throw new Error("no shipping line");
    const response = await postCart(backoffice, cookie, { intent: "remove", lineId: shipping.lineId });
    expect((await flashOf(backoffice, response))?.message).toMatch(/calculés automatiquement/);
  });

  it("clears the cart after a confirmation step", async () => {
    expect((await cartPage(backoffice, cookie, "/mon-panier?vider=1")).confirmingClear).toBe(true);
    const response = await postCart(backoffice, cookie, { intent: "clear" });
    expect((await flashOf(backoffice, response))?.message).toBe("Le panier a été vidé.");
    expect((await cartPage(backoffice, cookie)).view.lines).toHaveLength(0);
  });

  it("saves the cart reference and comments", async () => {
    await postCart(backoffice, cookie, { intent: "details", ref: "  Chantier Lorient ", comments: "Livrer au quai 3" });
    const { view } = await cartPage(backoffice, cookie);
    expect([view.ref, view.comments]).toEqual(["Chantier Lorient", "Livrer au quai 3"]);
  });

  it("answers 400 to an unknown intent", async () => {
    expect(await thrownStatus(() => postCart(backoffice, cookie, { intent: "pirater" }))).toBe(400);
    expect(await thrownStatus(() => postCart(backoffice, cookie, {}))).toBe(400);
  });
});

describe("delivery toggles", () => {
  it("direct delivery (ldd) adds its fee and the DS shipping line to the totals", async () => {
    const before = (await cartPage(backoffice, cookie)).view;
    await postCart(backoffice, cookie, { intent: "options", ldd: "on" });
    const after = (await cartPage(backoffice, cookie)).view;
    expect(after.lddActive).toBe(true);
    expect(after.shippingLines.map((line) => line.ref)).toContain("PORT_DS_AUTRE");
    expect(after.totals?.shippingHt).toBeGreaterThan(before.totals?.shippingHt ?? 0);
    expect(after.totals?.ttc).toBeGreaterThan(before.totals?.ttc ?? 0);
  });

  it("Saturday delivery is charged on a Friday", async () => {
    const before = (await cartPage(backoffice, cookie)).view;
    await postCart(backoffice, cookie, { intent: "options", saturday: "on" });
    const after = (await cartPage(backoffice, cookie)).view;
    expect(after.todayIsFriday).toBe(true);
    const saturday = after.shippingLines.find((line) => line.ref === "PORT_SAMEDI");
    expect(saturday?.lineTotal).toBeGreaterThan(0);
    expect(after.totals?.ht).toBe((before.totals?.ht ?? 0) + (saturday?.lineTotal ?? 0));
  });

  it("Saturday delivery is not charged on another day", async () => {
    backoffice.setNow(new Date("2026-11-19T10:00:00+01:00"));
    await postCart(backoffice, cookie, { intent: "options", saturday: "on" });
    const { view } = await cartPage(backoffice, cookie);
    expect(view.saturday).toBe(true);
    expect(view.todayIsFriday).toBe(false);
    expect(view.shippingLines.map((line) => line.ref)).not.toContain("PORT_SAMEDI");
  });

  it("an HT account pays neither VAT nor ecotax", async () => {
    const exempt = await cookieFor(backoffice, LOGINS.exempt);
    await postAdd(backoffice, exempt, { productId: String(products.plain[0]?.id), qty: "1" });
    const { view } = await cartPage(backoffice, exempt);
    expect(view.taxExempt).toBe(true);
    expect(view.totals?.tva).toBe(0);
    expect(view.totals?.ecotaxe).toBe(0);
    expect(view.totals?.ttc).toBe(view.totals?.ht);
  });
});
