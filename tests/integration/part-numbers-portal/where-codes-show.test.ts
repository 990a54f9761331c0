import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as orderRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as previewRoute from "~/routes/_app.mon-panier.commande-rapide.apercu";
import * as quickOrderRoute from "~/routes/_app.mon-panier.commande-rapide";
import type { QuickOrderAnswer } from "~/services/cart/types";
import type { ReferencePreview } from "~/services/quick-order/types";
import { callRoute, cookieJar, formRequest, pageRequest } from "../portal/harness";
import { cartPage, dataOf } from "../cart/cart-flow";
import { LOGINS, demoProducts } from "../cart/harness";
import { confirmNow, lastOrder, orgIdOf, summaryOf } from "../checkout/confirm-flow";
import { cookieFor, fillCart, openStep, throughInstructions } from "../checkout/flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "../checkout/harness";
import { postReferences } from "./flow";

/**
 * The organization's own code beside the reference (issue 38, docs/part-numbers-portal.md),
 * over the real back-office: the cart page and the checkout summary ask the codes of their
 * lines; the order page shows the code an order line was ordered under, even once the code has
 * changed; the quick order and its preview take a code for its product.
 */

let backoffice: CheckoutBackoffice;
let buyer: string;
let plain: { id: number; ref: string }[];
let voilerie: number;

beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
  plain = (await demoProducts(backoffice.db)).plain;
  voilerie = await orgIdOf(backoffice, "C0001");
  buyer = await cookieFor(backoffice, LOGINS.buyer);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  await backoffice.resetCarts();
  await backoffice.db.deleteFrom("part_numbers").where("org_id", "=", voilerie).execute();
});

const product = (index: number) => {
  const found = plain[index];
  if (!found) throw new Error(`no demo product ${index}`);
  return found;
};

async function giveCode(index: number, code: string): Promise<void> {
  const outcome = await postReferences(backoffice, buyer, { intent: "donner-code", reference: product(index).ref, code });
  if (outcome.kind !== "redirect") throw new Error(`code refused: ${JSON.stringify(outcome.data)}`);
}

/** [reference, own code] of each line, by reference (the cart lists the newest line first). */
const codesOfLines = (lines: readonly { ref: string; ownCode?: string | null }[]) =>
  lines.map((line) => [line.ref, line.ownCode ?? null]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe("the cart page and the checkout summary", () => {
  it("show each line's own code, and none for a product without one", async () => {
    await giveCode(0, "VA-CORD-08");
    await fillCart(backoffice, buyer, [
      [product(0).id, 2],
      [product(1).id, 1],
    ]);
    const { view } = await cartPage(backoffice, buyer);
    expect(codesOfLines(view.lines)).toEqual([
      [product(0).ref, "VA-CORD-08"],
      [product(1).ref, null],
    ]);
    const cookie = await throughInstructions(backoffice, buyer);
    const summary = await summaryOf(backoffice, cookie);
    expect(codesOfLines(summary.cart.lines)).toEqual([
      [product(0).ref, "VA-CORD-08"],
      [product(1).ref, null],
    ]);
  });

  it("show a code given after the product went into the cart, and the code of a product added since", async () => {
    await fillCart(backoffice, buyer, [[product(0).id, 1]]);
    expect(codesOfLines((await cartPage(backoffice, buyer)).view.lines)).toEqual([[product(0).ref, null]]);
    await giveCode(0, "ATELIER-1");
    await giveCode(2, "ATELIER-3");
    expect(codesOfLines((await cartPage(backoffice, buyer)).view.lines)).toEqual([[product(0).ref, "ATELIER-1"]]);
    await fillCart(backoffice, buyer, [
      [product(0).id, 1],
      [product(2).id, 1],
    ]);
    expect(codesOfLines((await cartPage(backoffice, buyer)).view.lines)).toEqual([
      [product(0).ref, "ATELIER-1"],
      [product(2).ref, "ATELIER-3"],
    ]);
  });
});

describe("the confirmation page and the confirmation e-mail", () => {
  it("show the code each line was ordered under beside its reference", async () => {
    await giveCode(0, "VA CORD #08");
    await fillCart(backoffice, buyer, [
      [product(0).id, 1],
      [product(1).id, 1],
    ]);
    const cookie = await throughInstructions(backoffice, buyer);
    const mailsBefore = (await backoffice.mails()).length;
    const outcome = await confirmNow(backoffice, cookie);
    const finish = await openStep(backoffice, "terminer", cookieJar(cookie, outcome.response));
    if (finish.kind !== "data") throw new Error(`the confirmation page redirected to ${finish.location}`);
    const products = finish.data.order.lines.filter((line) => !line.prd_is_port);
    expect(codesOfLines(products.map((line) => ({ ref: line.obj_ref, ownCode: line.customer_code })))).toEqual([
      [product(0).ref, "VA CORD #08"],
      [product(1).ref, null],
    ]);
    const mails = (await backoffice.mails()).slice(mailsBefore).filter((mail) => mail.includes("Subject: Confirmation de votre commande"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`(réf. ${product(0).ref} · votre code : VA CORD #08)`);
    expect(mails[0]).toContain(`(réf. ${product(1).ref})`);
  });
});

describe("the order page", () => {
  it("shows the code each line was ordered under, kept when the code changes afterwards", async () => {
    await giveCode(0, "VA-CORD-08");
    await fillCart(backoffice, buyer, [
      [product(0).id, 1],
      [product(1).id, 1],
    ]);
    const cookie = await throughInstructions(backoffice, buyer);
    await confirmNow(backoffice, cookie);
    const placed = await lastOrder(backoffice, voilerie);
    await giveCode(0, "VA-CORD-09");
    const page = await orderRoute.loader({
      request: pageRequest(`/mon-compte/commandes/${placed.id}`, cookie),
      context: backoffice.context(),
      params: { id: String(placed.id) },
    });
    expect(codesOfLines(page.order.lines.map((line) => ({ ref: line.obj_ref, ownCode: line.customer_code })))).toEqual([
      [product(0).ref, "VA-CORD-08"],
      [product(1).ref, null],
    ]);
  });
});

describe("the quick order", () => {
  it("adds a product typed as its own code, and its report names it by its reference and the code", async () => {
    await giveCode(3, "VA-CORD-08");
    const request = formRequest("/mon-panier/commande-rapide", { text: `va-cord-08;2\n${product(4).ref};1` }, buyer);
    const { data, status } = dataOf<QuickOrderAnswer>(await callRoute(quickOrderRoute.action, request, backoffice.context()));
    expect(status).toBe(200);
    expect(data.report.refused).toEqual([]);
    expect(data.report.added.map((line) => [line.ref, line.ownCode ?? null, line.qty])).toEqual([
      [product(3).ref, "VA-CORD-08", 2],
      [product(4).ref, null, 1],
    ]);
    const { view } = await cartPage(backoffice, buyer);
    expect(view.lines.map((line) => [line.ref, line.qty]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      [product(3).ref, 2],
      [product(4).ref, 1],
    ]);
  });

  it("takes an own code with a space, a « # » and an accent from the grid, the pasted text and a file", async () => {
    await giveCode(3, "VA CORD #08");
    await giveCode(4, "Écoute 12");
    await giveCode(5, "BÂB #3");
    const form = new FormData();
    form.set("ref_0", "va cord #08");
    form.set("qty_0", "2");
    form.set("text", "écoute  12;3");
    form.set("file", new File(["\uFEFFRéférence;Quantité\r\nbâb #3;4\r\n"], "commande.csv", { type: "text/csv" }));
    const request = new Request("http://portail.test/mon-panier/commande-rapide", {
      method: "POST",
      body: form,
      headers: { cookie: buyer },
    });
    const { data, status } = dataOf<QuickOrderAnswer>(await callRoute(quickOrderRoute.action, request, backoffice.context()));
    expect(status).toBe(200);
    expect(data.report.refused).toEqual([]);
    expect(
      data.report.added.map((line) => [line.ref, line.ownCode ?? null, line.qty]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual(
      [
        [product(3).ref, "VA CORD #08", 2],
        [product(4).ref, "Écoute 12", 3],
        [product(5).ref, "BÂB #3", 4],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it("still refuses a text that is neither a reference nor an own code", async () => {
    await giveCode(3, "VA-CORD-08");
    const request = formRequest("/mon-panier/commande-rapide", { text: "VA-CORD-07;1" }, buyer);
    const { data } = dataOf<QuickOrderAnswer>(await callRoute(quickOrderRoute.action, request, backoffice.context()));
    expect(data.report.refused.map((issue) => issue.message)).toEqual(["Référence inconnue : VA-CORD-07."]);
  });

  it("previews the product of an own code with its reference", async () => {
    await giveCode(3, "VA-CORD-08");
    const answer = await callRoute(
      previewRoute.loader,
      pageRequest("/mon-panier/commande-rapide/apercu?ref=va-cord-08", buyer),
      backoffice.context(),
    );
    const preview = answer instanceof Response ? ((await answer.json()) as ReferencePreview) : dataOf<ReferencePreview>(answer).data;
    expect(preview).toMatchObject({ found: true, ref: "VA-CORD-08", productRef: product(3).ref });
  });
});
