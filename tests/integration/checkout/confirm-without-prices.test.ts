import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGINS, demoProducts } from "../cart/harness";
import { cookieJar } from "../portal/harness";
import { confirmNow, lastOrder, orgIdOf } from "./confirm-flow";
import { cookieFor, fillCart, openStep, throughInstructions } from "./flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "./harness";

/**
 * A people account with `orders` but without `prices` confirms an order: the finish page and
 * the confirmation email show no amount, and nothing breaks
 * (docs/decisions/0107-no-amounts-without-prices.md).
 */
let backoffice: CheckoutBackoffice;
let products: Awaited<ReturnType<typeof demoProducts>>;
let voilerie: number;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  products = await demoProducts(backoffice.db);
  voilerie = await orgIdOf(backoffice, "C0001");
  // The buyer made « orders without prices », a flag set the generated clients have too.
  await backoffice.db
    .updateTable("users")
    .set({ auth_flags: JSON.stringify({ cart: true, orders: true, prices: false }) })
    .where("login", "=", LOGINS.buyer)
    .execute();
}, 60_000);
afterAll(() => backoffice.close());

describe("confirming an order without the prices flag", () => {
  it("confirms, then the finish page and the email show no amount", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.buyer);
    await fillCart(backoffice, cookie, [
      [products.plain[0]?.id ?? 0, 2],
      [products.plain[1]?.id ?? 0, 1],
    ]);
    const ready = await throughInstructions(backoffice, cookie, { ref: "SANS-PRIX-1" });
    const mailsBefore = (await backoffice.mails()).length;

    const outcome = await confirmNow(backoffice, ready);
    expect(outcome.location).toBe("/commander/terminer");
    const stored = await lastOrder(backoffice, voilerie);
    expect(stored.total_ttc).toBeGreaterThan(0);

    const finish = await openStep(backoffice, "terminer", cookieJar(ready, outcome.response));
    if (finish.kind !== "data") throw new Error("no finish page");
    expect(finish.data.showPrices).toBe(false);
    expect(finish.data.order).toMatchObject({
      ord_ref: stored.ref,
      ord_total_ht: null,
      ord_total_ecotaxe: null,
      ord_total_tva: null,
      ord_total_ttc: null,
    });
    for (const line of finish.data.order.lines) expect(line).toMatchObject({ unit_price: null, prd_ecotaxe: null, line_total_ht: null });

    const mails = (await backoffice.mails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? "";
    expect(mail).toContain(`Subject: Confirmation de votre commande ${stored.ref}`);
    expect(mail).toContain("Produits :");
    expect(mail).toContain("Frais de port :");
    expect(mail).not.toMatch(/Total HT|Total TTC|TVA|€/);
  });

  it("keeps the amounts in the finish page and the email of an account with prices", async () => {
    await backoffice.resetCarts();
    const cookie = await cookieFor(backoffice, LOGINS.client);
    await fillCart(backoffice, cookie, [[products.plain[0]?.id ?? 0, 1]]);
    const ready = await throughInstructions(backoffice, cookie);
    const mailsBefore = (await backoffice.mails()).length;
    const outcome = await confirmNow(backoffice, ready);
    const stored = await lastOrder(backoffice, voilerie);
    const finish = await openStep(backoffice, "terminer", cookieJar(ready, outcome.response));
    if (finish.kind !== "data") throw new Error("no finish page");
    expect(finish.data.showPrices).toBe(true);
    expect(finish.data.order).toMatchObject({ ord_ref: stored.ref, ord_total_ht: stored.total_ht, ord_total_ttc: stored.total_ttc });
    const mail = (await backoffice.mails()).slice(mailsBefore)[0] ?? "";
    expect(mail).toContain("Produits (HT) :");
    expect(mail).toContain("Frais de port (HT) :");
    expect(mail).toMatch(/Total TTC : .*€/);
  });
});
