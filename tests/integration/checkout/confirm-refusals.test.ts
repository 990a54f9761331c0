import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyCart } from "@shared/domain/index";
import { LOGINS, demoProducts } from "../cart/harness";
import { postCart } from "../cart/cart-flow";
import { cartRow, confirm, orgIdOf, summaryOf } from "./confirm-flow";
import { cookieFor, confirmFields, fillCart, flash, throughInstructions } from "./flow";
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

async function ready(login: string = LOGINS.client, items: [number, number][] = [[products.plain[0]?.id ?? 0, 2]]): Promise<string> {
  const cookie = await cookieFor(backoffice, login);
  await fillCart(backoffice, cookie, items);
  return throughInstructions(backoffice, cookie);
}

/** The key the server derives for the organization's current cart version: a form as legitimate as it gets. */
async function currentFields(): Promise<Record<string, string>> {
  const { version } = await cartRow(backoffice, voilerie);
  return { version: String(version), key: backoffice.context().checkout.idempotencyKey(voilerie, version) };
}

async function expectRefused(cookie: string, fields: Record<string, string>, message: RegExp | string): Promise<void> {
  const before = await backoffice.orderCount(voilerie);
  const outcome = await confirm(backoffice, cookie, fields);
  expect(outcome.location).not.toBe("/commander/terminer");
  const shown = await flash(backoffice, outcome);
  if (typeof message === "string") expect(shown).toBe(message);
  else expect(shown).toMatch(message);
  expect(await backoffice.orderCount(voilerie)).toBe(before);
}

describe("a confirmation is refused", () => {
  it("for an empty cart", async () => {
    const cookie = await ready();
    await postCart(backoffice, cookie, { intent: "clear" });
    await expectRefused(cookie, await currentFields(), "Votre panier ne contient aucun produit à commander.");
  });

  it("for a cart holding only a shipping line", async () => {
    const cookie = await ready();
    const row = await backoffice.db
      .selectFrom("carts")
      .select(["data", "version"])
      .where("org_id", "=", voilerie)
      .executeTakeFirstOrThrow();
    const version = row.version;
    const shippingOnly = {
      ...emptyCart(),
      dlv_address: (row.data as { dlv_address: unknown }).dlv_address,
      products: [
        {
          obj_id: products.shipping.id,
          obj_ref: "PORT_SAMEDI",
          obj_title: "Samedi",
          obj_name: "Samedi",
          qty: 1,
          line_id: "port-PORT_SAMEDI",
          prd_is_port: true,
          prd_price_selling: 2000,
          prc_price: 2000,
          prc_promo_price: null,
          prc_promo_name: null,
          prc_discount: 0,
          prd_ecotaxe: 0,
          prd_weight_gross: 0,
          prd_weight_net: 0,
          prd_sto_disp: 0,
          prd_refill_date: null,
          prd_refill_qte: null,
          certificates: [],
          obj_properties: {},
        },
      ],
    };
    await backoffice.db
      .updateTable("carts")
      .set({ data: JSON.stringify(shippingOnly), version: version + 1 })
      .where("org_id", "=", voilerie)
      .execute();
    await expectRefused(cookie, await currentFields(), "Votre panier ne contient aucun produit à commander.");
  });

  it("when an MMSI product lacks its certificate, with a link to attach it", async () => {
    const cookie = await ready(LOGINS.client, [[products.mmsi.id, 1]]);
    const summary = await summaryOf(backoffice, cookie);
    expect(summary.confirm).toBeNull();
    const problem = summary.problems.find((candidate) => candidate.code === "mmsi_certificates");
    expect(problem?.message).toMatch(/1 certificat MMSI attendu, 0 joint/);
    expect(problem?.fix?.href).toMatch(/^\/mon-panier#certificates-l-/);
    await expectRefused(cookie, await currentFields(), /certificat MMSI attendu/);
  });

  it("for a people account without the orders right, whose summary offers the request for approval instead", async () => {
    const cookie = await ready(LOGINS.storekeeper);
    const summary = await summaryOf(backoffice, cookie);
    expect(summary.confirm).toBeNull();
    expect(summary.request).not.toBeNull();
    expect(summary.problems).toEqual([]);
    await expectRefused(cookie, await currentFields(), "Votre compte ne permet pas de passer commande.");
  });

  it("with a key the server did not derive for that version", async () => {
    const cookie = await ready();
    const fields = await currentFields();
    await expectRefused(cookie, { ...fields, key: "cmd-forged-by-the-browser" }, /n'est plus valable/);
    await expectRefused(cookie, { ...fields, version: String(Number(fields.version) + 5) }, /n'est plus valable/);
  });

  it("when the cart changed after the summary was shown", async () => {
    const cookie = await ready();
    const fields = await confirmFields(backoffice, cookie);
    await fillCart(backoffice, await cookieFor(backoffice, LOGINS.buyer), [[products.plain[3]?.id ?? 0, 1]]);
    await expectRefused(cookie, fields, /Le panier a changé/);
  });

  it("when the steps were not done in this browser", async () => {
    const cookie = await ready();
    const stranger = await cookieFor(backoffice, LOGINS.buyer);
    await expectRefused(stranger, await currentFields(), "Vérifiez d'abord les consignes de la commande.");
    expect((await cartRow(backoffice, voilerie)).products.length).toBeGreaterThan(0);
    expect(cookie).not.toBe(stranger);
  });

  it.each(["500", "timeout"] as const)("without retry when the back-office fails (%s), leaving the cart as it was", async (failure) => {
    const cookie = await ready();
    const fields = await confirmFields(backoffice, cookie);
    const before = await cartRow(backoffice, voilerie);
    backoffice.failConfirm = failure;
    const callsBefore = backoffice.confirmCalls;
    await expectRefused(cookie, fields, /n'a pas pu être confirmée : le service est momentanément indisponible/);
    expect(backoffice.confirmCalls).toBe(callsBefore + 1);
    expect(await cartRow(backoffice, voilerie)).toEqual(before);
    backoffice.failConfirm = null;
    const retried = await confirm(backoffice, cookie, fields);
    expect(retried.location).toBe("/commander/terminer");
  });
});
