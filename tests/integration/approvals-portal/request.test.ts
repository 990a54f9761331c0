import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatEuros } from "@shared/domain/french-format";
import { CART_CHANGED } from "~/services/checkout/confirm.server";
import { APPROVAL_NOT_NEEDED } from "~/services/checkout/request.server";
import { REQUEST_APPROVAL_INTENT } from "~/services/checkout/types";
import { LOGINS, demoProducts } from "../cart/harness";
import { cartPage } from "../cart/cart-flow";
import { cartRow, confirm, orgIdOf, summaryOf, userIdOf } from "../checkout/confirm-flow";
import { cookieFor, fillCart, flash, openStep, postStep, throughInstructions } from "../checkout/flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "../checkout/harness";
import { cookieJar } from "../portal/harness";

/**
 * « Demander la validation » from the checkout summary over the real back-office (issue 37,
 * docs/approvals.md « The flow »): the storekeeper without `orders` goes through the steps and
 * sends the cart for approval (the cart emptied, the organization told, no order); the buyer
 * within the demo's 2 000 € HT limit confirms as before; above it, the cart and the summary say
 * so beforehand and the summary ends with the request; the back-office's refusals come back to
 * the summary in French.
 */

let backoffice: CheckoutBackoffice;
let voilerie: number;
let plain: { id: number; price: number }[];
const LIMIT = 200_000;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice({ purchasingRules: true });
  voilerie = await orgIdOf(backoffice, "C0001");
  const ids = (await demoProducts(backoffice.db)).plain.map((product) => product.id);
  const prices = await backoffice.db.selectFrom("products").select(["id", "price_selling"]).where("id", "in", ids).execute();
  plain = ids.map((id) => ({ id, price: prices.find((row) => row.id === id)?.price_selling ?? 0 })).filter((product) => product.price > 0);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  await backoffice.resetCarts();
});

/** A quantity of the first product well above `cents` HT, whatever the organization's discount. */
const above = (cents: number): [number, number][] => {
  const [product] = plain;
  if (!product) throw new Error("no priced product");
  return [[product.id, Math.min(9999, Math.ceil((cents * 2) / product.price) + 1)]];
};
/** One unit of the cheapest product: well within any limit. */
const small = (): [number, number][] => {
  const cheapest = [...plain].sort((a, b) => a.price - b.price)[0];
  if (!cheapest) throw new Error("no priced product");
  return [[cheapest.id, 1]];
};

async function ready(login: string, items: [number, number][]): Promise<string> {
  const cookie = await cookieFor(backoffice, login);
  await fillCart(backoffice, cookie, items);
  return throughInstructions(backoffice, cookie, { ref: "ATELIER-7" });
}

async function requestFields(cookie: string, message = ""): Promise<{ intent: string; version: string; key: string; message: string }> {
  const summary = await summaryOf(backoffice, cookie);
  if (!summary.request) throw new Error(`no request form: ${summary.problems.map((problem) => problem.message).join(" ")}`);
  return { intent: REQUEST_APPROVAL_INTENT, version: String(summary.request.version), key: summary.request.key, message };
}

async function requestNow(cookie: string, fields: Record<string, string>) {
  const outcome = await postStep(backoffice, "recapitulatif", fields, cookie);
  if (outcome.kind !== "redirect") throw new Error("the request must always answer with a redirect");
  return outcome;
}

const lastRequest = () =>
  backoffice.db.selectFrom("approval_requests").selectAll().where("org_id", "=", voilerie).orderBy("id", "desc").executeTakeFirstOrThrow();

describe("a storekeeper without the orders right", () => {
  it("is told on the cart, before the steps, that the order will be sent for approval, without any amount", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.storekeeper);
    await fillCart(backoffice, cookie, small());
    const { budget } = await cartPage(backoffice, cookie);
    expect(budget).toEqual({
      budget: null,
      needsApproval: true,
      reasons: [{ code: "no_order_right", text: "Votre compte ne permet pas de passer commande : la commande doit être validée." }],
    });
  });

  it("goes through the steps and sends the cart for approval: the cart emptied, the organization told, no order", async () => {
    const cookie = await ready(LOGINS.storekeeper, small());
    const summary = await summaryOf(backoffice, cookie);
    expect(summary.confirm).toBeNull();
    expect(summary.problems).toEqual([]);
    expect(summary.budget).toMatchObject({ budget: null, needsApproval: true });
    const ordersBefore = await backoffice.db.selectFrom("orders").select("id").where("org_id", "=", voilerie).execute();
    const publishedBefore = backoffice.realtime.published.length;

    const fields = await requestFields(cookie, "Pour l'atelier, avant jeudi.");
    const outcome = await requestNow(cookie, fields);
    const request = await lastRequest();
    expect(outcome.location).toBe(`/mon-compte/validations/${request.id}`);
    expect(outcome.response.status).toBe(303);
    expect(await flash(backoffice, outcome)).toBe(`Votre demande ${request.number} a été envoyée pour validation.`);
    const storekeeper = await userIdOf(backoffice, LOGINS.storekeeper);
    expect(request).toMatchObject({ requester_id: storekeeper.id, status: "pending", message: "Pour l'atelier, avant jeudi." });
    expect((await cartRow(backoffice, voilerie)).products).toEqual([]);
    expect(await backoffice.db.selectFrom("orders").select("id").where("org_id", "=", voilerie).execute()).toEqual(ordersBefore);

    const notices = backoffice.realtime.published.slice(publishedBefore).filter((entry) => entry.event.kind === "approval_requested");
    expect(notices).toHaveLength(1);
    expect(notices[0]?.event).toMatchObject({ orgId: voilerie, author: storekeeper.name, reference: request.number });

    // The checkout starts afresh, as after an order: the summary is not reachable with an empty cart.
    const again = await openStep(backoffice, "recapitulatif", cookieJar(cookie, outcome.response));
    expect(again.kind === "redirect" && again.location).toBe("/mon-panier");

    // The same form sent again (a double click, a reloaded POST): the same request, not a second one.
    const replay = await requestNow(cookieJar(cookie, outcome.response), fields);
    expect(replay.location).toBe(`/mon-compte/validations/${request.id}`);
    expect(await flash(backoffice, replay)).toBe(`La demande ${request.number} était déjà envoyée : elle ne l'a pas été une seconde fois.`);
    expect((await lastRequest()).id).toBe(request.id);
  });

  it("is still refused a confirmation sent by hand", async () => {
    const cookie = await ready(LOGINS.storekeeper, small());
    const { version, key } = await requestFields(cookie);
    const outcome = await confirm(backoffice, cookie, { version, key });
    expect(await flash(backoffice, outcome)).toBe("Votre compte ne permet pas de passer commande.");
    expect((await cartRow(backoffice, voilerie)).products.length).toBeGreaterThan(0);
  });
});

describe("the buyer and the demo's 2 000 € HT limit", () => {
  it("within it: nothing said, the plain confirmation as before", async () => {
    const cookie = await ready(LOGINS.buyer, small());
    expect((await cartPage(backoffice, cookie)).budget).toBeNull();
    const summary = await summaryOf(backoffice, cookie);
    expect(summary).toMatchObject({ budget: null, request: null });
    expect(summary.confirm).not.toBeNull();
    const outcome = await confirm(backoffice, cookie, { version: String(summary.confirm?.version), key: summary.confirm?.key ?? "" });
    expect(outcome.location).toBe("/commander/terminer");
    expect(await flash(backoffice, outcome)).toMatch(/^Votre commande CMD-\S+ est confirmée\.$/);
  });

  it("within it, a request is refused by the back-office and said so: the order can be confirmed", async () => {
    const cookie = await ready(LOGINS.buyer, small());
    const summary = await summaryOf(backoffice, cookie);
    const fields = { intent: REQUEST_APPROVAL_INTENT, version: String(summary.confirm?.version), key: summary.confirm?.key ?? "" };
    const outcome = await requestNow(cookie, fields);
    expect(outcome.location).toBe("/commander/recapitulatif");
    expect(await flash(backoffice, outcome)).toBe(APPROVAL_NOT_NEEDED);
    expect((await cartRow(backoffice, voilerie)).products.length).toBeGreaterThan(0);
  });

  it("above it: the cart and the summary say why, the summary ends with the request", async () => {
    const cookie = await ready(LOGINS.buyer, above(LIMIT));
    const reason = `La commande dépasse votre limite de ${formatEuros(LIMIT)} HT par commande.`;
    const { budget } = await cartPage(backoffice, cookie);
    expect(budget).toEqual({ budget: null, needsApproval: true, reasons: [{ code: "order_limit", text: reason }] });
    const summary = await summaryOf(backoffice, cookie);
    expect(summary.confirm).toBeNull();
    expect(summary.budget?.reasons.map((item) => item.text)).toEqual([reason]);

    const outcome = await requestNow(cookie, await requestFields(cookie));
    const request = await lastRequest();
    expect(outcome.location).toBe(`/mon-compte/validations/${request.id}`);
    expect(request.reasons).toEqual([{ code: "order_limit", limit: LIMIT }]);
    expect((await cartRow(backoffice, voilerie)).products).toEqual([]);
  });

  it("above it, a confirmation sent anyway is refused by the back-office: back to the summary, which offers the request", async () => {
    const cookie = await ready(LOGINS.buyer, above(LIMIT));
    const { version, key } = await requestFields(cookie);
    const outcome = await confirm(backoffice, cookie, { version, key });
    expect(outcome.location).toBe("/commander/recapitulatif?validation=requise");
    expect(await flash(backoffice, outcome)).toBe(
      `Cette commande doit être validée : La commande dépasse votre limite de ${formatEuros(LIMIT)} HT par commande.`,
    );
    expect((await cartRow(backoffice, voilerie)).products.length).toBeGreaterThan(0);
  });

  it("a request for a cart changed since the summary is refused with the cart's message", async () => {
    const cookie = await ready(LOGINS.buyer, above(LIMIT));
    const fields = await requestFields(cookie);
    await fillCart(backoffice, await cookieFor(backoffice, LOGINS.client), above(LIMIT));
    const outcome = await requestNow(cookie, fields);
    expect(await flash(backoffice, outcome)).toBe(CART_CHANGED);
    expect(await backoffice.db.selectFrom("approval_requests").select("id").where("idempotency_key", "=", fields.key).execute()).toEqual(
      [],
    );
  });
});
