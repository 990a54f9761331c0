import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOGINS, demoProducts } from "../cart/harness";
import { cookieJar } from "../portal/harness";
import { actingFor, cartRow, confirm, confirmNow, lastOrder, orgIdOf, summaryOf, userIdOf } from "./confirm-flow";
import { cookieFor, confirmFields, fillCart, flash, openStep, throughInstructions } from "./flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "./harness";

let backoffice: CheckoutBackoffice;
let products: Awaited<ReturnType<typeof demoProducts>>;
let voilerie: number;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  products = await demoProducts(backoffice.db);
  voilerie = await orgIdOf(backoffice, "C0001");
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  backoffice.failConfirm = null;
  await backoffice.resetCarts();
});

const plain = (index: number) => products.plain[index]?.id ?? 0;

async function readyToConfirm(
  login: string,
  items: [number, number][] = [
    [plain(0), 2],
    [plain(1), 1],
  ],
): Promise<string> {
  const cookie = await cookieFor(backoffice, login);
  await fillCart(backoffice, cookie, items);
  return throughInstructions(backoffice, cookie, { ref: "CHANTIER-42" });
}

describe("confirming an order", () => {
  it("places the order under the user's name, empties the cart, emails, notifies and shows it", async () => {
    const cookie = await readyToConfirm(LOGINS.buyer);
    const summary = await summaryOf(backoffice, cookie);
    const mailsBefore = (await backoffice.mails()).length;
    const publishedBefore = backoffice.realtime.published.length;

    const outcome = await confirmNow(backoffice, cookie);
    expect(outcome.location).toBe("/commander/terminer");
    const order = await lastOrder(backoffice, voilerie);
    expect(await flash(backoffice, outcome)).toBe(`Votre commande ${order.ref} est confirmée.`);
    const buyer = await userIdOf(backoffice, LOGINS.buyer);
    expect([order.usr_id, order.usr_name]).toEqual([buyer.id, buyer.name]);
    // Stored as the wire carries it: HT without the ecotax, which the pages show inside it (decision 0161).
    expect([order.total_ht + order.total_ecotaxe, order.total_ttc]).toEqual([summary.cart.totals?.totalHt, summary.cart.totals?.ttc]);
    expect(order.cart_ref).toBe("CHANTIER-42");
    expect((await cartRow(backoffice, voilerie)).products).toEqual([]);

    const mails = (await backoffice.mails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Confirmation de votre commande ${order.ref}`);
    expect(mails[0]).toContain("acheteur@voilerie-atlantique.fr");
    const published = backoffice.realtime.published.slice(publishedBefore).filter((entry) => entry.event.kind === "order_confirmed");
    expect(published).toHaveLength(1);
    expect(published[0]?.event.author).toBe(buyer.name);

    const finish = await openStep(backoffice, "terminer", cookieJar(cookie, outcome.response));
    expect(finish.kind === "data" && finish.data.order.ord_ref).toBe(order.ref);
  });

  it("records an order placed by a contributor for a client under the contributor's name", async () => {
    const contributor = await cookieFor(backoffice, LOGINS.contributor);
    const cookie = await actingFor(backoffice, contributor, "C0005");
    await fillCart(backoffice, cookie, [[plain(0), 1]]);
    const ready = await throughInstructions(backoffice, cookie);
    await confirmNow(backoffice, ready);
    const order = await lastOrder(backoffice, await orgIdOf(backoffice, "C0005"));
    const master = await userIdOf(backoffice, LOGINS.contributor);
    expect([order.usr_id, order.usr_name]).toEqual([master.id, master.name]);
  });

  it("ignores totals tampered with in the form: they are recomputed on the server", async () => {
    const cookie = await readyToConfirm(LOGINS.client);
    const summary = await summaryOf(backoffice, cookie);
    const fields = { ...(await confirmFields(backoffice, cookie)), ord_total_ht: "1", ord_total_ecotaxe: "0", ord_total_ttc: "1" };
    const outcome = await confirm(backoffice, cookie, fields);
    expect(outcome.location).toBe("/commander/terminer");
    const order = await lastOrder(backoffice, voilerie);
    expect(order.total_ttc).toBe(summary.cart.totals?.ttc);
    expect(order.total_ttc).toBeGreaterThan(1);
  });

  it("creates one order when the same confirmation is posted twice", async () => {
    const cookie = await readyToConfirm(LOGINS.client);
    const fields = await confirmFields(backoffice, cookie);
    const before = await backoffice.orderCount(voilerie);
    const mailsBefore = (await backoffice.mails()).length;
    await confirm(backoffice, cookie, fields);
    const replay = await confirm(backoffice, cookie, fields);
    expect(replay.location).toBe("/commander/terminer");
    expect(await flash(backoffice, replay)).toMatch(/était déjà confirmée/);
    expect(await backoffice.orderCount(voilerie)).toBe(before + 1);
    expect((await backoffice.mails()).length).toBe(mailsBefore + 1);
  });

  it("creates one order when two users of the organization confirm at the same moment", async () => {
    const first = await cookieFor(backoffice, LOGINS.client);
    await fillCart(backoffice, first, [[plain(2), 3]]);
    const firstReady = await throughInstructions(backoffice, first);
    const secondReady = await throughInstructions(backoffice, await cookieFor(backoffice, LOGINS.buyer));
    const [firstFields, secondFields] = [await confirmFields(backoffice, firstReady), await confirmFields(backoffice, secondReady)];
    expect(firstFields).toEqual(secondFields);
    const before = await backoffice.orderCount(voilerie);
    const publishedBefore = backoffice.realtime.published.length;
    const outcomes = await Promise.all([confirm(backoffice, firstReady, firstFields), confirm(backoffice, secondReady, secondFields)]);
    expect(outcomes.map((outcome) => outcome.location)).toEqual(["/commander/terminer", "/commander/terminer"]);
    expect(await backoffice.orderCount(voilerie)).toBe(before + 1);
    const confirmedNotices = backoffice.realtime.published.slice(publishedBefore).filter((entry) => entry.event.kind === "order_confirmed");
    expect(confirmedNotices).toHaveLength(1);
  });

  it("shows HT totals only to a tax-exempt account and emails them", async () => {
    const cookie = await readyToConfirm(LOGINS.exempt);
    const summary = await summaryOf(backoffice, cookie);
    expect(summary.cart.taxExempt).toBe(true);
    expect(summary.cart.totals?.ttc).toBe(summary.cart.totals?.totalHt);
    const mailsBefore = (await backoffice.mails()).length;
    await confirmNow(backoffice, cookie);
    const order = await lastOrder(backoffice, await orgIdOf(backoffice, "C0002"));
    expect(order.total_ttc).toBe(order.total_ht);
    const mails = (await backoffice.mails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const mail = mails.find((candidate) => candidate.includes(order.ref));
    expect(mail).toContain("Total HT (compte exonéré de TVA)");
    expect(mail).not.toContain("Total TTC");
  });
});
