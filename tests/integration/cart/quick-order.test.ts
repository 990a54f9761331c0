import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as quickOrderRoute from "../../../app/routes/_app.mon-panier.commande-rapide";
import { callRoute, formRequest } from "../portal/harness";
import { cartPage, cookieFor, dataOf, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

let backoffice: CartBackoffice;
let cookie: string;
let products: Awaited<ReturnType<typeof demoProducts>>;

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  products = await demoProducts(backoffice.db);
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(() => postCart(backoffice, cookie, { intent: "clear" }).then(() => undefined));

type Answer = Awaited<ReturnType<typeof quickOrderRoute.action>>;
type Report = { report: { added: { ref: string; qty: number }[]; refused: { source: string; line: number; message: string }[] }; message: string | null };

async function quickOrder(form: FormData | Record<string, string>, who = cookie) {
  const request =
    form instanceof FormData
      ? new Request("http://portail.test/mon-panier/commande-rapide", { method: "POST", body: form, headers: { cookie: who } })
      : formRequest("/mon-panier/commande-rapide", form, who);
  const answer = (await callRoute(quickOrderRoute.action, request, backoffice.context())) as Answer;
  return dataOf<Report>(answer);
}

const ref = (index: number) => products.plain[index]?.ref ?? "";
const cartQuantities = async () =>
  Object.fromEntries((await cartPage(backoffice, cookie)).view.lines.map((line) => [line.ref, line.qty]));

describe("quick order", () => {
  it("adds the good lines in one save and refuses the bad ones line by line", async () => {
    const text = [
      `  ${ref(0).toLowerCase()} ; 2`,
      `${ref(1)}\t3`,
      "INCONNU-42 1",
      `${products.discontinued.ref};1`,
      "PORT_FRANCO;1",
      `${ref(2)};abc`,
      `${ref(3)};0`,
    ].join("\n");
    const { data, status } = await quickOrder({ text, ref_0: ref(4), qty_0: "5", ref_1: "", qty_1: "" });
    expect(status).toBe(200);
    expect(data.report.added.map((line) => [line.ref, line.qty])).toEqual([
      [ref(4), 5],
      [ref(0), 2],
      [ref(1), 3],
    ]);
    expect(data.report.refused.map((issue) => [issue.source, issue.line, issue.message])).toEqual([
      ["Texte collé", 5, "PORT_FRANCO est un frais de port : il est calculé automatiquement."],
      ["Texte collé", 6, "Quantité invalide « abc » : un nombre entier est attendu."],
      ["Texte collé", 7, "La quantité doit être au moins 1."],
      ["Texte collé", 3, "Référence inconnue : INCONNU-42."],
      ["Texte collé", 4, `${products.discontinued.ref} n'est plus commercialisé.`],
    ]);
    expect(await cartQuantities()).toEqual({ [ref(0)]: 2, [ref(1)]: 3, [ref(4)]: 5 });
  });

  it("reads a CSV file with a byte-order mark, a header and semicolons", async () => {
    const form = new FormData();
    form.set("file", new File([`\uFEFFRéférence;Quantité;Désignation\r\n${ref(0)};4;Gilet\r\n${ref(1)};1;\r\n`], "commande.csv", { type: "text/csv" }));
    const { data } = await quickOrder(form);
    expect(data.report.refused).toEqual([]);
    expect(await cartQuantities()).toEqual({ [ref(0)]: 4, [ref(1)]: 1 });
  });

  it("reads the first sheet of an XLSX workbook", async () => {
    const workbook = await writeXlsxFile([
      [{ value: "Référence" }, { value: "Quantité" }],
      [{ value: ref(2) }, { value: 6 }],
      [{ value: "PORT_SAMEDI" }, { value: 1 }],
    ]).toBuffer();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(workbook)], "commande.xlsx"));
    const { data } = await quickOrder(form);
    expect(data.report.added.map((line) => [line.ref, line.qty])).toEqual([[ref(2), 6]]);
    expect(data.report.refused).toHaveLength(1);
    expect(data.report.refused[0]?.source).toBe("Fichier commande.xlsx");
    expect(await cartQuantities()).toEqual({ [ref(2)]: 6 });
  });

  it("refuses a file that is neither CSV nor XLSX", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0xff, 0xfe])], "commande.csv"));
    const { data, status } = await quickOrder(form);
    expect(status).toBe(400);
    expect(data.message).toMatch(/ni un CSV en UTF-8 ni un classeur XLSX/);
  });

  it("says so when nothing was given, and refuses an account without the cart right", async () => {
    expect((await quickOrder({ text: "  \n " })).data.message).toBe("Saisissez au moins une référence.");
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    const refused = await quickOrder({ text: `${ref(0)};1` }, consultant);
    expect(refused.status).toBe(403);
    expect(await cartQuantities()).toEqual({});
  });
});
