import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { orderReceiptRows } from "@shared/domain/order-receipt";
import * as orderPageRoute from "~/routes/_app.mon-compte.commandes.$id";
import * as orderCsvRoute from "~/routes/_app.mon-compte.commandes.export[.csv]";
import * as invoicePdfRoute from "~/routes/_app.mon-compte.factures.$id[.pdf]";
import { shipOrder } from "../../../server/backoffice/orders/shipments";
import { cartPage, dataOf, postCart } from "../cart/cart-flow";
import { LOGINS } from "../cart/harness";
import { cookieJar, pageRequest, responseOf } from "../portal/harness";
import { confirmNow, summaryOf } from "./confirm-flow";
import { cookieFor, fillCart, openStep, throughInstructions } from "./flow";
import { startCheckoutBackoffice, type CheckoutBackoffice } from "./harness";

/**
 * Issue 32, « totals that agree » (decision 0161): for ONE order, the cart, the checkout's
 * steps, the confirmation page and e-mail, the order page, the order CSV, the invoice PDF and
 * its Factur-X XML show the same HT (ecotax included), ecotax, VAT and TTC, and what each
 * lists adds up to its totals. Before, the pages showed an HT without the ecotax beside it
 * (« Dont écotaxe ») while the invoice's HT included it.
 */

interface Figures {
  ht: number;
  ecotaxe: number;
  tva: number;
  ttc: number;
}

let backoffice: CheckoutBackoffice;
beforeAll(async () => {
  backoffice = await startCheckoutBackoffice();
}, 180_000);
afterAll(() => backoffice.close());

const cents = (text: string) => Number(text.replace(/[^\d-]/g, ""));
const fold = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");
const sum = (amounts: readonly (number | null | undefined)[]) =>
  amounts.reduce<number>((total, amount) => total + (amount ?? Number.NaN), 0);

/** Two products with an ecotax and one without, none special (no MMSI, motor, antenna…). */
async function productsForTheOrder(): Promise<[number, number][]> {
  const plain = backoffice.db
    .selectFrom("products")
    .select(["id"])
    .where("is_port", "=", false)
    .where("discontinued", "=", false)
    .where("is_mmsi", "=", false)
    .where("is_motor", "=", false)
    .where("is_antenna", "=", false)
    .where("is_tag", "=", false)
    .where("is_hazardous", "=", false)
    .orderBy("id");
  const withEcotax = await plain.where("ecotaxe", ">", 0).limit(2).execute();
  const without = await plain.where("ecotaxe", "=", 0).limit(1).execute();
  if (withEcotax.length < 2 || without.length < 1) throw new Error("the demo set lacks products with and without ecotax");
  return [
    [withEcotax[0]!.id, 3],
    [withEcotax[1]!.id, 1],
    [without[0]!.id, 2],
  ];
}

/** « Label : 1 234,56 € » rows of the e-mail's text part. */
function mailFigure(text: string, label: string): number {
  const row = text.split(/\r?\n/).find((line) => line.startsWith(`${label} : `));
  if (!row) throw new Error(`no « ${label} » in the e-mail`);
  return cents(row.slice(label.length + 3));
}

/** The one embedded file of the PDF (factur-x.xml), inflated. */
function embeddedXml(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const match = /<<\s*\/Type \/EmbeddedFile[\s\S]*?\/Length (\d+)[\s\S]*?>>\s*stream\n/.exec(raw);
  if (!match) throw new Error("no embedded file");
  const start = match.index + match[0].length;
  const bytes = pdf.subarray(start, start + Number(match[1]));
  return (/\/Filter \/FlateDecode/.test(match[0]) ? inflateSync(bytes) : Buffer.from(bytes)).toString("utf8");
}

const xmlAmounts = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`, "g"))].map((match) => Math.round(Number(match[1]) * 100));

describe("one order's totals, everywhere", () => {
  it("are the same HT (ecotax included), ecotax, VAT and TTC, and each place's lines add up to them", async () => {
    const cookie = await cookieFor(backoffice, LOGINS.buyer);
    await fillCart(backoffice, cookie, await productsForTheOrder());
    await postCart(backoffice, cookie, { intent: "options", ldd: "on" });
    const places: Record<string, Figures> = {};
    const addsUp = (place: string, listed: readonly (number | null | undefined)[], totals: Figures) => {
      expect(sum(listed), `${place}: the lines listed add up to the HT total`).toBe(totals.ht);
      expect(totals.ht + totals.tva, `${place}: HT + VAT = TTC`).toBe(totals.ttc);
      places[place] = totals;
    };

    // The cart, then the checkout's delivery and summary steps: the same cart view.
    const cart = (await cartPage(backoffice, cookie)).view;
    const cartViews = { cart };
    const ready = await throughInstructions(backoffice, cookie, { ref: "TOTAUX-32" });
    const delivery = await openStep(backoffice, "livraison", ready);
    if (delivery.kind !== "data") throw new Error("no delivery step");
    Object.assign(cartViews, { livraison: delivery.data.view, recapitulatif: (await summaryOf(backoffice, ready)).cart });
    for (const [place, view] of Object.entries(cartViews)) {
      const totals = view.totals;
      if (!totals) throw new Error(`${place} without totals`);
      expect(totals.ecotaxe, `${place}: the ecotax the lines show`).toBe(sum(view.lines.map((line) => line.ecotaxe ?? 0)));
      expect(totals.ecotaxe).toBeGreaterThan(0);
      expect(sum(view.lines.map((line) => line.lineTotal))).toBe(totals.productsHt);
      addsUp(place, [totals.productsHt, totals.shippingHt], {
        ht: totals.totalHt,
        ecotaxe: totals.ecotaxe,
        tva: totals.tva,
        ttc: totals.ttc,
      });
    }

    // The confirmation page and its e-mail.
    const mailsBefore = (await backoffice.mails()).length;
    const outcome = await confirmNow(backoffice, ready);
    const finish = await openStep(backoffice, "terminer", cookieJar(ready, outcome.response));
    if (finish.kind !== "data") throw new Error("no confirmation page");
    const { order } = finish.data;
    const receipt = orderReceiptRows(order);
    if (!receipt.totals) throw new Error("a confirmation without totals");
    addsUp("confirmation", [...receipt.products.map((line) => line.amount), ...receipt.shipping.rows.map((row) => row.amount)], {
      ht: receipt.totals.totalHt,
      ecotaxe: receipt.totals.ecotaxe,
      tva: receipt.totals.tva,
      ttc: receipt.totals.ttc,
    });
    expect(sum(receipt.products.map((line) => line.ecotaxe))).toBe(receipt.totals.ecotaxe);

    const [mail] = (await backoffice.mails()).slice(mailsBefore);
    const text = (mail ?? "").replace(/[\u00a0\u202f]/g, " ");
    const listed = text
      .split(/\r?\n/)
      .filter((row) => /^- .* : [\d ]+,\d\d €$/.test(row))
      .map((row) => cents(row.slice(row.lastIndexOf(" : "))));
    addsUp("e-mail", listed, {
      ht: mailFigure(text, "Total HT"),
      ecotaxe: mailFigure(text, "dont éco-participation"),
      tva: mailFigure(text, "TVA"),
      ttc: mailFigure(text, "Total TTC"),
    });

    // The order page and the orders' CSV.
    const id = String(order.ord_id);
    const page = dataOf<Awaited<ReturnType<typeof orderPageRoute.loader>>>(
      await orderPageRoute.loader({
        request: pageRequest(`/mon-compte/commandes/${id}`, cookie),
        context: backoffice.context(),
        params: { id },
      }),
    ).data;
    const pageTotals = page.amounts.totals;
    if (!pageTotals) throw new Error("an order page without totals");
    expect(sum(page.amounts.lines.map((line) => line.ecotaxe))).toBe(pageTotals.ecotaxe);
    addsUp("order page", [...page.amounts.lines.map((line) => line.totalHt), pageTotals.shippingHt], {
      ht: pageTotals.totalHt,
      ecotaxe: pageTotals.ecotaxe,
      tva: pageTotals.tva,
      ttc: pageTotals.ttc,
    });
    expect(pageTotals.shippingHt).toBe(sum(receipt.shipping.rows.map((row) => row.amount)));

    const csv = await (
      await responseOf(() =>
        orderCsvRoute.loader({
          request: pageRequest("/mon-compte/commandes/export.csv", cookie),
          context: backoffice.context(),
          params: {},
        }),
      )
    ).text();
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .map((row) => row.split(";"));
    const row = rows.find((cells) => cells[0] === order.ord_ref);
    if (!header || !row) throw new Error("the order is not in the CSV");
    const column = (name: string) => cents(row[header.indexOf(name)] ?? "");
    const csvFigures = {
      ht: column("Total HT (€)"),
      ecotaxe: column("Dont éco-participation (€)"),
      tva: column("TVA (€)"),
      ttc: column("Total TTC (€)"),
    };
    expect(csvFigures.ht + csvFigures.tva).toBe(csvFigures.ttc);
    places["CSV"] = csvFigures;

    // The whole order shipped at once: its invoice, the PDF's text and its Factur-X XML.
    await shipOrder(backoffice.db, {
      ref: order.ord_ref,
      author: "Entrepôt",
      now: backoffice.now(),
      request: {
        carrier: "DPD",
        lines: order.lines.filter((line) => !line.prd_is_port).map((line) => ({ obj_ref: line.obj_ref, qty: line.qty })),
      },
    });
    const invoice = await backoffice.db
      .selectFrom("invoices")
      .select(["id"])
      .where("order_id", "=", order.ord_id)
      .executeTakeFirstOrThrow();
    const pdfResponse = await responseOf(() =>
      invoicePdfRoute.loader({
        request: pageRequest(`/mon-compte/factures/${invoice.id}.pdf`, cookie),
        context: backoffice.context(),
        params: { id: String(invoice.id) },
      }),
    );
    const pdf = new Uint8Array(await pdfResponse.arrayBuffer());
    const pdfText = fold((await extractText(await getDocumentProxy(pdf.slice()), { mergePages: true })).text);
    const pdfFigure = (label: string) => {
      const match = new RegExp(`${label} (-?[\\d ]+,\\d\\d) €`).exec(pdfText);
      if (!match) throw new Error(`no « ${label} » in the PDF`);
      return cents(match[1] ?? "");
    };
    places["invoice PDF"] = {
      ht: pdfFigure("Total HT"),
      ecotaxe: pdfFigure("dont éco-participation"),
      tva: pdfFigure("Total TVA"),
      ttc: pdfFigure("Total TTC"),
    };

    const xml = embeddedXml(pdf);
    const charges = [...xml.matchAll(/<ram:SpecifiedTradeAllowanceCharge>([\s\S]*?)<\/ram:SpecifiedTradeAllowanceCharge>/g)]
      .map((match) => match[1] ?? "")
      .filter((charge) => /<ram:ReasonCode>AEO<\/ram:ReasonCode>/.test(charge));
    const [taxBasis] = xmlAmounts(xml, "ram:TaxBasisTotalAmount");
    const [taxTotal] = xmlAmounts(xml, "ram:TaxTotalAmount");
    const [grandTotal] = xmlAmounts(xml, "ram:GrandTotalAmount");
    const [linesTotal] = xmlAmounts(xml, "ram:LineTotalAmount").slice(-1);
    const lineNets = xmlAmounts(
      [...xml.matchAll(/<ram:SpecifiedLineTradeSettlement>([\s\S]*?)<\/ram:SpecifiedLineTradeSettlement>/g)]
        .map((match) => match[1])
        .join("\n"),
      "ram:LineTotalAmount",
    );
    const xmlFigures = {
      ht: taxBasis ?? Number.NaN,
      ecotaxe: sum(charges.flatMap((charge) => xmlAmounts(charge, "ram:ActualAmount"))),
      tva: taxTotal ?? Number.NaN,
      ttc: grandTotal ?? Number.NaN,
    };
    expect(linesTotal).toBe(xmlFigures.ht);
    addsUp("Factur-X XML", lineNets, xmlFigures);

    const reference = places["cart"];
    expect(reference).toBeDefined();
    for (const [place, figures] of Object.entries(places)) expect(figures, place).toEqual(reference);
    expect(Object.keys(places)).toEqual([
      "cart",
      "livraison",
      "recapitulatif",
      "confirmation",
      "e-mail",
      "order page",
      "CSV",
      "invoice PDF",
      "Factur-X XML",
    ]);
  }, 120_000);
});
