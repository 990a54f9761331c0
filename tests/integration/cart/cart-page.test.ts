import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as appLayout from "~/routes/_app";
import { cartPage, cookieFor, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";
import { callRoute, pageRequest, thrownStatus } from "../portal/harness";

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
    expect(after.totals?.totalHt).toBe((before.totals?.totalHt ?? 0) + (saturday?.lineTotal ?? 0));
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
    expect(view.totals?.ttc).toBe(view.totals?.totalHt);
    // No per-line ecotax either, and no column for it.
    expect(view.showsEcotaxe).toBe(false);
    expect(view.lines.map((line) => line.ecotaxe)).toEqual(view.lines.map(() => null));
  });

  it("an account that pays VAT sees each line's ecotax", async () => {
    const { view } = await cartPage(backoffice, cookie);
    expect(view.showsEcotaxe).toBe(true);
    expect(view.lines.every((line) => typeof line.ecotaxe === "number")).toBe(true);
  });

  it("shows the shipping lines and totals of today: a Friday's Saturday charge is gone on Monday", async () => {
    await postCart(backoffice, cookie, { intent: "options", saturday: "on" });
    const friday = (await cartPage(backoffice, cookie)).view;
    const charge = friday.shippingLines.find((line) => line.ref === "PORT_SAMEDI")?.lineTotal ?? 0;
    expect(charge).toBeGreaterThan(0);
    backoffice.setNow(new Date("2026-11-23T10:00:00+01:00"));
    try {
      // The Friday session has expired by Monday.
      const monday = (await cartPage(backoffice, await cookieFor(backoffice, LOGINS.client))).view;
      expect(monday.saturday).toBe(true);
      expect(monday.todayIsFriday).toBe(false);
      expect(monday.shippingLines.map((line) => line.ref)).not.toContain("PORT_SAMEDI");
      expect(monday.totals?.totalHt).toBe((friday.totals?.totalHt ?? 0) - charge);
      expect(monday.totals?.ttc).toBeLessThan(friday.totals?.ttc ?? 0);
    } finally {
      // Monday's login purged the Friday tokens: the next tests log in again.
      backoffice.setNow(new Date("2026-11-20T10:00:00+01:00"));
      cookie = await cookieFor(backoffice, LOGINS.client);
    }
  });
});

describe("a stale page never undoes a colleague's change", () => {
  it("a stale options form does not undo a colleague's Saturday", async () => {
    const colleague = await cookieFor(backoffice, LOGINS.buyer);
    await postCart(backoffice, colleague, { intent: "options", saturday: "on", "was:saturday": "off", "was:ldd": "off" });
    // The page was drawn before: both boxes unticked. The user ticks ldd only.
    const response = await postCart(backoffice, cookie, { intent: "options", ldd: "on", "was:ldd": "off", "was:saturday": "off" });
    expect((await flashOf(backoffice, response))?.message).toBe("Options de livraison enregistrées.");
    const { view } = await cartPage(backoffice, cookie);
    expect([view.saturday, view.lddActive]).toEqual([true, true]);
  });

  it("unticking a box keeps a colleague's choice of the other", async () => {
    await postCart(backoffice, cookie, { intent: "options", ldd: "on", "was:ldd": "off", "was:saturday": "off" });
    const colleague = await cookieFor(backoffice, LOGINS.buyer);
    await postCart(backoffice, colleague, { intent: "options", ldd: "on", saturday: "on", "was:saturday": "off", "was:ldd": "on" });
    await postCart(backoffice, cookie, { intent: "options", "was:ldd": "on", "was:saturday": "off" });
    const { view } = await cartPage(backoffice, cookie);
    expect([view.saturday, view.lddActive]).toEqual([true, false]);
  });

  it("a stale details form does not undo a colleague's reference or comments", async () => {
    const colleague = await cookieFor(backoffice, LOGINS.buyer);
    await postCart(backoffice, colleague, { intent: "details", ref: "Chantier Lorient", comments: "", "was:ref": "", "was:comments": "" });
    await postCart(backoffice, cookie, { intent: "details", ref: "", comments: "Livrer au quai 3", "was:ref": "", "was:comments": "" });
    const first = (await cartPage(backoffice, cookie)).view;
    expect([first.ref, first.comments]).toEqual(["Chantier Lorient", "Livrer au quai 3"]);
    // And the other way round: the user changes the reference on a page drawn before the comment.
    await postCart(backoffice, colleague, {
      intent: "details",
      ref: "Chantier Lorient",
      comments: "Appeler avant",
      "was:ref": "Chantier Lorient",
      "was:comments": "Livrer au quai 3",
    });
    await postCart(backoffice, cookie, {
      intent: "details",
      ref: " Chantier Brest ",
      comments: "Livrer au quai 3",
      "was:ref": "Chantier Lorient",
      "was:comments": "Livrer au quai 3",
    });
    const second = (await cartPage(backoffice, cookie)).view;
    expect([second.ref, second.comments]).toEqual(["Chantier Brest", "Appeler avant"]);
  });

  it("a form sent unchanged changes nothing", async () => {
    const before = (await cartPage(backoffice, cookie)).view;
    const options = await postCart(backoffice, cookie, { intent: "options", "was:ldd": "off", "was:saturday": "off" });
    expect((await flashOf(backoffice, options))?.message).toBe("Aucune modification.");
    const details = await postCart(backoffice, cookie, { intent: "details", ref: "", comments: "", "was:ref": "", "was:comments": "" });
    expect((await flashOf(backoffice, details))?.message).toBe("Aucune modification.");
    expect((await cartPage(backoffice, cookie)).view.version).toBe(before.version);
  });

  it("refuses a shown state that is not a checkbox's, with a French message", async () => {
    const response = await postCart(backoffice, cookie, { intent: "options", saturday: "on", "was:saturday": "peut-être" });
    expect(await flashOf(backoffice, response)).toEqual({ type: "error", message: "Option de livraison invalide." });
    expect((await cartPage(backoffice, cookie)).view.saturday).toBe(false);
  });
});

describe("accounts without the cart right, and integrators", () => {
  it("a read-only account sees the cart with today's totals, and the header links to it", async () => {
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    const { view } = await cartPage(backoffice, consultant);
    expect(view.canEdit).toBe(false);
    expect(view.lines).toHaveLength(2);
    expect(view.totals?.totalHt).toBeGreaterThan(0);
    const layout = await callRoute(appLayout.loader, pageRequest("/mon-panier", consultant), backoffice.context());
    expect(layout).toMatchObject({ cartCount: 2, canEditCart: false });
    const own = await callRoute(appLayout.loader, pageRequest("/mon-panier", cookie), backoffice.context());
    expect(own).toMatchObject({ cartCount: 2, canEditCart: true });
  });

  it("a contributor without a client has no cart in the header", async () => {
    const contributor = await cookieFor(backoffice, LOGINS.contributor);
    const layout = await callRoute(appLayout.loader, pageRequest("/clients", contributor), backoffice.context());
    expect(layout).toMatchObject({ cartCount: null, canEditCart: false });
  });

  it("a tag integrator's MMSI line needs no certificate", async () => {
    const integrator = await cookieFor(backoffice, LOGINS.integrator);
    await postCart(backoffice, integrator, { intent: "clear" });
    await postAdd(backoffice, integrator, { productId: String(products.mmsi.id), qty: "2" });
    const line = (await cartPage(backoffice, integrator)).view.lines.find((candidate) => candidate.productId === products.mmsi.id);
    expect(line).toMatchObject({ needsCertificates: false, problems: [] });
    // The same line in an ordinary account's cart does.
    await postAdd(backoffice, cookie, { productId: String(products.mmsi.id), qty: "2" });
    const ordinary = (await cartPage(backoffice, cookie)).view.lines.find((candidate) => candidate.productId === products.mmsi.id);
    expect(ordinary?.needsCertificates).toBe(true);
    expect(ordinary?.problems.length).toBeGreaterThan(0);
  });
});
