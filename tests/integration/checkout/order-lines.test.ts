import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderReceiptRows } from "@shared/domain/order-receipt";
import { postCart } from "../cart/cart-flow";
import { LOGINS, demoProducts } from "../cart/harness";
import { cookieJar } from "../portal/harness";
import { confirmNow, summaryOf } from "./confirm-flow";
import { cookieFor, fillCart, openStep, throughInstructions } from "./flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "./harness";

/**
 * Issue 24 through the real confirmation: with direct delivery, the order the back-office stores
 * has its lines and an HT total 20 € above them (the fee). The confirmation page and the e-mail
 * list that fee, so that what they list adds up to what they total.
 */

let backoffice: CheckoutBackoffice;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  products = await demoProducts(backoffice.db);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(() => backoffice.resetCarts());

const plain = (index: number) => products.plain[index]?.id ?? 0;
const cents = (text: string) => Number(text.replace(/[^\d-]/g, ""));

describe("an order with direct delivery", () => {
  it("lists its fee on the confirmation page and in the e-mail, so their lines add up to their totals", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.buyer);
    await fillCart(backoffice, cookie, [
      [plain(0), 2],
      [plain(1), 1],
    ]);
    await postCart(backoffice, cookie, { intent: "options", ldd: "on" });
    const ready = await throughInstructions(backoffice, cookie, { ref: "EXPRESS-1" });
    const summary = await summaryOf(backoffice, ready);
    expect(summary.cart.lddActive).toBe(true);
    const mailsBefore = (await backoffice.mails()).length;

    const outcome = await confirmNow(backoffice, ready);
    const finish = await openStep(backoffice, "terminer", cookieJar(ready, outcome.response));
    if (finish.kind !== "data") throw new Error("no confirmation page");
    const { order } = finish.data;
    const receipt = orderReceiptRows(order);
    expect(receipt.shipping.rows.find((row) => row.key === "LDD")?.amount).toBe(summary.cart.lddPrice);
    expect((receipt.totals?.productsHt ?? 0) + (receipt.totals?.shippingHt ?? 0)).toBe(
      (order.ord_total_ht ?? 0) + (order.ord_total_ecotaxe ?? 0),
    );
    expect(receipt.totals?.shippingHt).toBe(summary.cart.totals?.shippingHt);

    const [mail] = (await backoffice.mails()).slice(mailsBefore);
    const text = (mail ?? "").replace(/[\u00a0\u202f]/g, " ");
    expect(text).toContain("- Forfait livraison directe (express) : 20,00 €");
    expect(text).not.toMatch(/PORT_/);
    const listed = text
      .split(/\r?\n/)
      .filter((row) => /^- .* : [\d ]+,\d\d €$/.test(row))
      .map((row) => cents(row.slice(row.lastIndexOf(" : "))));
    const totalHt = text.split(/\r?\n/).find((row) => row.startsWith("Total HT : ")) ?? "";
    expect(listed.reduce((sum, amount) => sum + amount, 0)).toBe(cents(totalHt));
  });
});
