import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as downloadRoute from "~/routes/_app.mon-panier.certificats.$cerId";
import * as certificatesRoute from "~/routes/_app.mon-panier.certificats";
import { pageRequest, responseOf, thrownStatus } from "../portal/harness";
import { cartPage, cookieFor, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

let backoffice: CartBackoffice;
let cookie: string;
let products: Awaited<ReturnType<typeof demoProducts>>;

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

beforeAll(async () => {
  backoffice = await startCartBackoffice();
  products = await demoProducts(backoffice.db);
  cookie = await cookieFor(backoffice, LOGINS.client);
}, 60_000);
afterAll(() => backoffice.close());
beforeEach(async () => {
  await postCart(backoffice, cookie, { intent: "clear" });
  await postAdd(backoffice, cookie, { productId: String(products.mmsi.id), qty: "2" });
});

async function mmsiLine(who = cookie) {
  const line = (await cartPage(backoffice, who)).view.lines.find((candidate) => candidate.productId === products.mmsi.id);
  if (!line) throw new Error("MMSI line missing");
  return line;
}

async function attach(mmsi: string, file: File, who = cookie) {
  const form = new FormData();
  form.set("intent", "attach");
  form.set("lineId", (await mmsiLine(who)).lineId);
  form.set("mmsi", mmsi);
  form.set("file", file);
  const request = new Request("http://portail.test/mon-panier/certificats", { method: "POST", body: form, headers: { cookie: who } });
  const response = await responseOf(() => certificatesRoute.action({ request, context: backoffice.context(), params: {} }));
  return flashOf(backoffice, response);
}

describe("MMSI certificates", () => {
  it("shows what is missing, then attaches as many certificates as the quantity", async () => {
    const before = await mmsiLine();
    expect(before.needsCertificates).toBe(true);
    expect(before.problems[0]).toMatch(/2 certificats MMSI attendus, 0 joint\./);

    expect((await attach("227006760", new File([PDF], "bateau.pdf")))?.type).toBe("success");
    expect((await attach("227006761", new File([PNG], "photo.png")))?.type).toBe("success");
    const after = await mmsiLine();
    expect(after.certificates.map((certificate) => [certificate.mmsi, certificate.fileName])).toEqual([
      ["227006760", "bateau.pdf"],
      ["227006761", "photo.png"],
    ]);
    expect(after.problems).toEqual([]);
    expect((await attach("227006762", new File([PDF], "trop.pdf")))?.message).toMatch(/déjà ses 2 certificat/);
  });

  it("checks the content, not the name: an executable renamed .pdf is refused", async () => {
    const flash = await attach("227006760", new File([EXE], "certificat.pdf", { type: "application/pdf" }));
    expect(flash?.message).toMatch(/PDF, JPEG ou PNG/);
    expect((await mmsiLine()).certificates).toEqual([]);
  });

  it("refuses a file over 5 MB and keeps nothing", async () => {
    const stored = (await readdir(backoffice.certificatesDir)).length;
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PDF);
    const flash = await attach("227006760", new File([big], "gros.pdf"));
    expect(flash?.message).toBe("Le certificat dépasse 5 Mo.");
    expect(await readdir(backoffice.certificatesDir)).toHaveLength(stored);
    expect((await mmsiLine()).certificates).toEqual([]);
  });

  it("refuses a bad MMSI number and the same number twice on a line", async () => {
    expect((await attach("12345", new File([PDF], "a.pdf")))?.message).toMatch(/exactement 9 chiffres/);
    await attach("227006760", new File([PDF], "a.pdf"));
    expect((await attach("227006760", new File([PDF], "b.pdf")))?.message).toMatch(/déjà joint/);
  });

  it("serves a certificate to its organization as an attachment, and to nobody else", async () => {
    await attach("227006760", new File([PDF], "bateau.pdf"));
    const [certificate] = (await mmsiLine()).certificates;
    if (!certificate) throw new Error("no certificate");
    const args = (who: string) => ({
      request: pageRequest(`/mon-panier/certificats/${certificate.cerId}`, who),
      context: backoffice.context(),
      params: { cerId: certificate.cerId },
    });
    const response = await downloadRoute.loader(args(cookie));
    expect(response.headers.get("content-disposition")).toBe("attachment; filename=\"bateau.pdf\"; filename*=UTF-8''bateau.pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    const other = await cookieFor(backoffice, LOGINS.corsica);
    expect(await thrownStatus(() => downloadRoute.loader(args(other)))).toBe(404);
  });

  it("names a certificate after the type its bytes were checked to be: a page starting with %PDF- sent as x.html is x.pdf", async () => {
    const disguised = new TextEncoder().encode("%PDF-<html><script>alert(document.cookie)</script></html>");
    expect((await attach("227006760", new File([disguised], "x.html", { type: "text/html" })))?.type).toBe("success");
    const [certificate] = (await mmsiLine()).certificates;
    if (!certificate) throw new Error("no certificate");
    expect(certificate.fileName).toBe("x.pdf");
    const request = pageRequest(`/mon-panier/certificats/${certificate.cerId}`, cookie);
    const response = await downloadRoute.loader({ request, context: backoffice.context(), params: { cerId: certificate.cerId } });
    expect(response.headers.get("content-disposition")).toBe("attachment; filename=\"x.pdf\"; filename*=UTF-8''x.pdf");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses certificates to a people account without the cart right", async () => {
    const consultant = await cookieFor(backoffice, LOGINS.consultant);
    expect((await attach("227006760", new File([PDF], "a.pdf"), consultant))?.message).toMatch(/ne permet pas de modifier le panier/);
  });

  it("removes a certificate", async () => {
    await attach("227006760", new File([PDF], "a.pdf"));
    const line = await mmsiLine();
    const form = new URLSearchParams({ intent: "detach", lineId: line.lineId, cerId: line.certificates[0]?.cerId ?? "" });
    const request = new Request("http://portail.test/mon-panier/certificats", {
      method: "POST",
      body: form,
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    });
    const response = await responseOf(() => certificatesRoute.action({ request, context: backoffice.context(), params: {} }));
    expect((await flashOf(backoffice, response))?.message).toBe("Certificat retiré.");
    expect((await mmsiLine()).certificates).toEqual([]);
  });
});
