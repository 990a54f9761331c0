import { zipSync } from "fflate";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as quickOrderRoute from "~/routes/_app.mon-panier.commande-rapide";
import { WORKBOOK_TOO_LARGE } from "~/services/cart/quick-order-input.server";
import type { PortalLoadContext } from "~/services/context.server";
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
type Report = {
  report: { added: { ref: string; qty: number }[]; refused: { source: string; line: number; message: string }[]; unlisted: number };
  text: string;
  grid: { ref: string; qty: string }[];
  formKey: string | null;
  message: string | null;
};

async function quickOrder(form: FormData | Record<string, string>, who = cookie, context: PortalLoadContext = backoffice.context()) {
  const request =
    form instanceof FormData
      ? new Request("http://portail.test/mon-panier/commande-rapide", { method: "POST", body: form, headers: { cookie: who } })
      : formRequest("/mon-panier/commande-rapide", form, who);
  const answer = (await callRoute(quickOrderRoute.action, request, context)) as Answer;
  return dataOf<Report>(answer);
}

const ref = (index: number) => products.plain[index]?.ref ?? "";
const cartQuantities = async () => Object.fromEntries((await cartPage(backoffice, cookie)).view.lines.map((line) => [line.ref, line.qty]));

describe("quick order", () => {
  it("adds the good lines in one save and refuses the bad ones line by line, in the order they were sent", async () => {
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
    // Whichever check refused a line (reading, the catalogue, the cart), the list follows the text.
    expect(data.report.refused.map((issue) => [issue.source, issue.line, issue.message])).toEqual([
      ["Texte collé", 3, "Référence inconnue : INCONNU-42."],
      ["Texte collé", 4, `${products.discontinued.ref} n'est plus commercialisé.`],
      ["Texte collé", 5, "PORT_FRANCO est un frais de port : il est calculé automatiquement."],
      ["Texte collé", 6, "Quantité invalide « abc » : un nombre entier est attendu."],
      ["Texte collé", 7, "La quantité doit être au moins 1."],
    ]);
    expect(await cartQuantities()).toEqual({ [ref(0)]: 2, [ref(1)]: 3, [ref(4)]: 5 });
  });

  it("reads a CSV file with a byte-order mark, a header and semicolons", async () => {
    const form = new FormData();
    form.set(
      "file",
      new File([`\uFEFFRéférence;Quantité;Désignation\r\n${ref(0)};4;Gilet\r\n${ref(1)};1;\r\n`], "commande.csv", { type: "text/csv" }),
    );
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

  it("refuses in French, before unpacking it, a workbook that would inflate past its bounds, even when its sizes lie", async () => {
    // One entry of 60 MB of zeros: a few tens of KB on the wire.
    const zeros = new Uint8Array(60 * 1024 * 1024);
    const bomb = zipSync({ "[Content_Types].xml": new TextEncoder().encode("<Types/>"), "xl/sharedStrings.xml": zeros });
    const lying = bomb.slice();
    const view = new DataView(lying.buffer);
    for (let offset = 0; offset + 4 <= lying.length; offset++) {
      if (view.getUint32(offset, true) === 0x04034b50) view.setUint32(offset + 22, 100, true);
      if (view.getUint32(offset, true) === 0x02014b50) view.setUint32(offset + 24, 100, true);
    }
    for (const workbook of [bomb, lying]) {
      const form = new FormData();
      form.set("ref_0", ref(3));
      form.set("qty_0", "2");
      form.set("file", new File([workbook], "commande.xlsx"));
      const { data, status } = await quickOrder(form);
      expect(status).toBe(400);
      expect(data.message).toBe(WORKBOOK_TOO_LARGE);
      expect(data.grid[0]).toEqual({ ref: ref(3), qty: "2" });
    }
    expect(await cartQuantities()).toEqual({});
  });

  it("refuses a file that is neither CSV nor XLSX", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0xff, 0xfe])], "commande.csv"));
    const { data, status } = await quickOrder(form);
    expect(status).toBe(400);
    expect(data.message).toBe("Le fichier n'est ni un CSV ni un classeur XLSX.");
  });

  it("says so when nothing was given, and refuses an account without the cart right", async () => {
    expect((await quickOrder({ text: "  \n " })).data.message).toBe("Saisissez au moins une référence.");
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    const refused = await quickOrder({ text: `${ref(0)};1` }, consultant);
    expect(refused.status).toBe(403);
    expect(await cartQuantities()).toEqual({});
  });
});

describe("quick order: what the form shows again", () => {
  it("after a mixed result, keeps only the refused lines, so sending again adds nothing twice", async () => {
    const text = `Référence;Quantité\n${ref(0)};2\n\nINCONNU-42;1\n${ref(1)};3\n${ref(2)};abc`;
    const grid = {
      ref_0: ref(3),
      qty_0: "1",
      ref_1: "INCONNU-43",
      qty_1: "2",
      ref_2: "",
      qty_2: "",
      ref_3: ref(4),
      qty_3: "x",
      form_key: "initial",
    };
    const first = await quickOrder({ text, ...grid });
    expect(first.status).toBe(200);
    expect(first.data.text).toBe(`Référence;Quantité\nINCONNU-42;1\n${ref(2)};abc`);
    expect(first.data.grid).toEqual([
      { ref: "INCONNU-43", qty: "2" },
      { ref: ref(4), qty: "x" },
    ]);
    expect(first.data.formKey).toMatch(/^[\w-]{36}$/);

    // The user fixes the typos in what came back and sends it again.
    const fixed = first.data.text.replace("INCONNU-42", ref(5)).replace("abc", "4");
    const second = await quickOrder({
      text: fixed,
      ref_0: ref(6),
      qty_0: "2",
      ref_1: ref(4),
      qty_1: "1",
      form_key: first.data.formKey ?? "",
    });
    expect(second.data.report.refused).toEqual([]);
    expect(second.data.text).toBe("Référence;Quantité");
    expect(second.data.grid).toEqual([]);
    expect(await cartQuantities()).toEqual({ [ref(0)]: 2, [ref(1)]: 3, [ref(3)]: 1, [ref(5)]: 1, [ref(2)]: 4, [ref(6)]: 2, [ref(4)]: 1 });
  });

  it("when every line is refused, gives the text back as typed and keeps the form's key", async () => {
    const text = "INCONNU-42;1\n\n  inconnu-43 ; 2";
    const { data, status } = await quickOrder({ text, form_key: "k-123" });
    expect(status).toBe(400);
    expect(data.text).toBe(text);
    expect(data.formKey).toBe("k-123");
  });

  it("when the save fails, gives back everything typed and keeps the form's key", async () => {
    const text = `${ref(0)};2\nINCONNU-42;1`;
    backoffice.failSaves = true;
    try {
      const { data, status } = await quickOrder({ text, ref_0: ref(1), qty_0: "3", form_key: "k-503" });
      expect(status).toBe(503);
      expect(data.message).toMatch(/n'a pas pu être enregistré/);
      expect(data.text).toBe(text);
      expect(data.grid).toEqual([{ ref: ref(1), qty: "3" }]);
      expect(data.formKey).toBe("k-503");
    } finally {
      backoffice.failSaves = false;
    }
    expect(await cartQuantities()).toEqual({});
  });

  it("refuses a file over 2 MB with a 413, keeps what was typed and changes nothing", async () => {
    const form = new FormData();
    form.set("form_key", "k-413");
    form.set("ref_0", ref(1));
    form.set("qty_0", "2");
    form.set("text", `${ref(0)};1`);
    form.set("file", new File([new Uint8Array(2 * 1024 * 1024 + 1).fill(0x41)], "enorme.csv", { type: "text/csv" }));
    const { data, status } = await quickOrder(form);
    expect(status).toBe(413);
    expect(data.message).toBe("Le fichier dépasse 2 Mo.");
    expect(data.text).toBe(`${ref(0)};1`);
    expect(data.grid).toEqual([{ ref: ref(1), qty: "2" }]);
    expect(data.formKey).toBe("k-413");
    expect(await cartQuantities()).toEqual({});
  });
});

describe("quick order: edge cases", () => {
  it("reads an all-digit reference as a reference, never as a product id", async () => {
    const id = products.plain[0]?.id ?? 0;
    const { data, status } = await quickOrder({ text: `${id};1` });
    expect(status).toBe(400);
    expect(data.report.refused).toEqual([{ source: "Texte collé", line: 1, input: `${id} ; 1`, message: `Référence inconnue : ${id}.` }]);
    expect(await cartQuantities()).toEqual({});
  });

  it("refuses a product whose reference is not the one typed (a back-office reading digits as an id)", async () => {
    const context = backoffice.context();
    const upstreamFor = context.upstreamFor;
    const byIdOnly: PortalLoadContext = {
      ...context,
      upstreamFor: (token) => {
        const upstream = upstreamFor(token);
        return { ...upstream, pim: { ...upstream.pim, getProductByRef: (usrId, reference) => upstream.pim.getProduct(usrId, reference) } };
      },
    };
    const id = products.plain[0]?.id ?? 0;
    const { data } = await quickOrder({ text: `${id};1\n${ref(1)};1` }, cookie, byIdOnly);
    expect(data.report.added.map((line) => line.ref)).toEqual([ref(1)]);
    expect(data.report.refused.map((issue) => [issue.line, issue.message])).toEqual([[1, `Référence inconnue : ${id}.`]]);
    expect(await cartQuantities()).toEqual({ [ref(1)]: 1 });
  });

  it("refuses on its own line what would take a cart line over 9999, and adds the rest", async () => {
    await quickOrder({ text: `${ref(0)};9990` });
    const { data, status } = await quickOrder({ text: `${ref(0)};20\n${ref(1)};1`, ref_0: ref(2), qty_0: "2" });
    expect(status).toBe(200);
    expect(data.report.added.map((line) => [line.ref, line.qty])).toEqual([
      [ref(2), 2],
      [ref(1), 1],
    ]);
    expect(data.report.refused).toEqual([
      {
        source: "Texte collé",
        line: 1,
        input: `${ref(0)} ; 20`,
        message: `Le panier contient déjà 9990 × ${ref(0)} : une ligne ne peut pas dépasser 9999.`,
      },
    ]);
    expect(data.text).toBe(`${ref(0)};20`);
    expect(await cartQuantities()).toEqual({ [ref(0)]: 9990, [ref(1)]: 1, [ref(2)]: 2 });
  });

  it("saves nothing when the cart refuses every line", async () => {
    await quickOrder({ text: `${ref(0)};9999` });
    const saves = backoffice.saveStatuses.length;
    const { data, status } = await quickOrder({ text: `${ref(0)};1` });
    expect(status).toBe(400);
    expect(data.report.refused.map((issue) => issue.line)).toEqual([1]);
    expect(backoffice.saveStatuses.length).toBe(saves);
  });

  it("reads a CSV saved by French Excel (Windows-1252)", async () => {
    const csv = Buffer.from(`Référence;Quantité;Désignation\r\n${ref(0)};3;Sécurité à bord\r\n`, "latin1");
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(csv)).toThrow();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(csv)], "commande.csv", { type: "text/csv" }));
    const { data } = await quickOrder(form);
    expect(data.report.refused).toEqual([]);
    expect(await cartQuantities()).toEqual({ [ref(0)]: 3 });
  });

  it("lists at most 100 refused lines over every source and counts the others", async () => {
    const bad = (count: number) => Array.from({ length: count }, (_unused, index) => `B@D${index};1`).join("\n");
    const form = new FormData();
    form.set("text", bad(150));
    form.set("file", new File([bad(150)], "erreurs.csv", { type: "text/csv" }));
    const { data, status } = await quickOrder(form);
    expect(status).toBe(400);
    expect(data.report.refused).toHaveLength(100);
    expect(data.report.unlisted).toBe(200);
  });
});
