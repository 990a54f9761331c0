import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as previewRoute from "~/routes/_app.mon-panier.commande-rapide.apercu";
import * as templateRoute from "~/routes/_app.mon-panier.commande-rapide.modele[.csv]";
import * as quickOrderRoute from "~/routes/_app.mon-panier.commande-rapide";
import type { ReferencePreview } from "~/services/quick-order/types";
import { callRoute, pageRequest } from "../portal/harness";
import { cartPage, cookieFor, dataOf, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * Issue 24: the quick order's preview of a typed reference (name, the buyer's price only with
 * `prices`, stock; « Référence inconnue »), for the accounts that may fill the cart only; and
 * its CSV template, which the quick order's upload takes back as it is.
 */

let backoffice: CartBackoffice;
let cookie: string;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  products = await demoProducts(backoffice.db);
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());

async function preview(ref: string, who = cookie) {
  const answer = await callRoute(
    previewRoute.loader,
    pageRequest(`/mon-panier/commande-rapide/apercu?ref=${encodeURIComponent(ref)}`, who),
    backoffice.context(),
  );
  if (answer instanceof Response) return { data: (await answer.json()) as ReferencePreview, status: answer.status };
  return dataOf<ReferencePreview>(answer);
}

async function productRow(ref: string) {
  return backoffice.db
    .selectFrom("products")
    .leftJoin("stocks", "stocks.product_id", "products.id")
    .select(["products.id", "products.title", "stocks.sto_disp", "stocks.refill_date"])
    .where("products.ref", "=", ref)
    .executeTakeFirstOrThrow();
}

describe("the quick order's preview", () => {
  it("names the product with the buyer's price and its stock, the reference read as the quick order reads it", async () => {
    const ref = products.plain[0]?.ref ?? "";
    const row = await productRow(ref);
    const { data, status } = await preview(`  ${ref.toLowerCase()} `);
    expect(status).toBe(200);
    expect(data).toMatchObject({ found: true, ref, title: row.title, stock: { available: Math.max(0, row.sto_disp ?? 0) } });
    if (!data.found) throw new Error("not found");
    expect(data.unitPrice).toBeGreaterThan(0);
  });

  it("says « Référence inconnue », and the quick order's own refusals, before the form is sent", async () => {
    expect((await preview("INCONNU-42")).data).toEqual({ found: false, ref: "INCONNU-42", message: "Référence inconnue" });
    expect((await preview(products.discontinued.ref)).data).toMatchObject({
      found: false,
      message: `${products.discontinued.ref} n'est plus commercialisé.`,
    });
    expect((await preview("port_samedi")).data).toMatchObject({
      found: false,
      message: "PORT_SAMEDI est un frais de port : il est calculé automatiquement.",
    });
    expect((await preview("B@D")).data).toMatchObject({ found: false, message: "Référence invalide « B@D »." });
  });

  it("hides the price from an account without `prices`, and answers 403 to accounts that may not fill the cart", async () => {
    const ref = products.plain[1]?.ref ?? "";
    const storekeeper = await cookieFor(backoffice, LOGINS.storekeeper);
    expect((await preview(ref, storekeeper)).data).toMatchObject({ found: true, ref, unitPrice: null });

    const consultant = await preview(ref, await cookieFor(backoffice, LOGINS.consultant));
    expect(consultant).toEqual({ status: 403, data: { found: false, ref, message: "Votre compte ne permet pas de modifier le panier." } });
    const contributor = await preview(ref, await cookieFor(backoffice, LOGINS.contributor));
    expect(contributor.status).toBe(403);
    expect(contributor.data).not.toHaveProperty("title");
  });
});

describe("the quick order's CSV template", () => {
  beforeEach(() => postCart(backoffice, cookie, { intent: "clear" }).then(() => undefined));

  it("is French Excel's CSV: byte-order mark, semicolons, CRLF, a header and two example lines", async () => {
    const response = (await callRoute(
      templateRoute.loader,
      pageRequest("/mon-panier/commande-rapide/modele.csv", cookie),
      backoffice.context(),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="modele-commande-rapide.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("reference;quantite\r\nGAG00001;2\r\nMAN00002;10\r\n");
  });

  it("is taken back by the quick order's upload as it is: both example lines go into the cart", async () => {
    const response = (await callRoute(
      templateRoute.loader,
      pageRequest("/mon-panier/commande-rapide/modele.csv", cookie),
      backoffice.context(),
    )) as Response;
    const form = new FormData();
    form.set("file", new File([await response.arrayBuffer()], "modele-commande-rapide.csv", { type: "text/csv" }));
    const request = new Request("http://portail.test/mon-panier/commande-rapide", { method: "POST", body: form, headers: { cookie } });
    const { data, status } = dataOf<{ report: { added: { ref: string; qty: number }[]; refused: unknown[] } }>(
      await callRoute(quickOrderRoute.action, request, backoffice.context()),
    );
    expect(status).toBe(200);
    expect(data.report.refused).toEqual([]);
    expect(data.report.added.map((line) => [line.ref, line.qty])).toEqual([
      ["GAG00001", 2],
      ["MAN00002", 10],
    ]);
    const lines = (await cartPage(backoffice, cookie)).view.lines.map((line) => [line.ref, line.qty]);
    expect(Object.fromEntries(lines)).toEqual({ GAG00001: 2, MAN00002: 10 });
  });
});
