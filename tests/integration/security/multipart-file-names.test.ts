import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as certificatesRoute from "~/routes/_app.mon-panier.certificats";
import * as quickOrderRoute from "~/routes/_app.mon-panier.commande-rapide";
import { readMultipartForm, MultipartTooLarge } from "~/services/forms/multipart.server";
import { callRoute, responseOf } from "../portal/harness";
import { cartPage, cookieFor, dataOf, flashOf, postAdd, postCart } from "../cart/cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "../cart/harness";

/**
 * A file name with `;` (decision 0138): the multipart body written byte for byte as a browser
 * sends it (quoted name, `;` inside), read by the quick order and the certificates' form.
 */

const BOUNDARY = "----formulaire7MA4YWxkTrZu0gW";

interface Part {
  name: string;
  value: string | Uint8Array;
  fileName?: string;
  type?: string;
}

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    const headers = `Content-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${headers}`), Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function multipartRequest(path: string, parts: Part[], cookie = ""): Request {
  return new Request(`http://portail.test${path}`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...(cookie ? { cookie } : {}) },
    body: new Uint8Array(multipartBody(parts)),
  });
}

describe("the multipart reader", () => {
  it("reads quoted parameters with `;` and `=` inside", async () => {
    const form = await readMultipartForm(
      multipartRequest("/", [
        { name: "note", value: "a;b=c" },
        { name: "file", value: "ref;qty\r\nA;1\r\n", fileName: "commande;2024 = final.csv", type: "text/csv" },
      ]),
      1024,
    );
    expect(form.get("note")).toBe("a;b=c");
    const file = form.get("file");
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe("commande;2024 = final.csv");
    expect(await (file as File).text()).toBe("ref;qty\r\nA;1\r\n");
  });

  it("stops at a part over the limit, keeping the fields sent before it", async () => {
    const big = new Uint8Array(600 * 1024 + 2048).fill(0x41);
    const reading = readMultipartForm(
      multipartRequest("/", [
        { name: "text", value: "GIL-1;2" },
        { name: "file", value: big, fileName: "x;y.csv" },
      ]),
      1024,
    );
    await expect(reading).rejects.toBeInstanceOf(MultipartTooLarge);
    await reading.catch((error: unknown) => expect((error as MultipartTooLarge).fields).toEqual({ text: "GIL-1;2" }));
  });

  it("refuses a body that is not multipart with a French 400, not a 500", async () => {
    const request = new Request("http://portail.test/", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: "n'importe quoi",
    });
    const thrown = await readMultipartForm(request, 1024).catch((error: unknown) => error);
    expect(dataOf<{ message: string }>(thrown)).toMatchObject({
      status: 400,
      data: { message: expect.stringMatching(/^Le formulaire envoyé est illisible/) },
    });
  });
});

describe("pages that take a file", () => {
  let backoffice: CartBackoffice;
  let cookie: string;
  let products: Awaited<ReturnType<typeof demoProducts>>;
  beforeAll(async () => {
    backoffice = await startCartBackoffice();
    products = await demoProducts(backoffice.db);
    cookie = await cookieFor(backoffice, LOGINS.client);
  }, 60_000);
  afterAll(() => backoffice.close());

  it("the quick order reads commande;2024.csv", async () => {
    await postCart(backoffice, cookie, { intent: "clear" });
    const ref = products.plain[0]?.ref ?? "";
    const request = multipartRequest(
      "/mon-panier/commande-rapide",
      [
        { name: "text", value: "" },
        { name: "file", value: `Référence;Quantité\r\n${ref};3\r\n`, fileName: "commande;2024.csv", type: "text/csv" },
      ],
      cookie,
    );
    const { status } = dataOf<unknown>(await callRoute(quickOrderRoute.action, request, backoffice.context()));
    expect(status).toBe(200);
    const lines = (await cartPage(backoffice, cookie)).view.lines;
    expect(lines.map((line) => [line.ref, line.qty])).toEqual([[ref, 3]]);
  });

  it("an MMSI certificate named « certificat;bateau.pdf » is attached", async () => {
    await postCart(backoffice, cookie, { intent: "clear" });
    await postAdd(backoffice, cookie, { productId: String(products.mmsi.id), qty: "1" });
    const line = (await cartPage(backoffice, cookie)).view.lines.find((candidate) => candidate.productId === products.mmsi.id);
    const pdf = new Uint8Array(Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1"));
    const request = multipartRequest(
      "/mon-panier/certificats",
      [
        { name: "intent", value: "attach" },
        { name: "lineId", value: line?.lineId ?? "" },
        { name: "mmsi", value: "227006760" },
        { name: "file", value: pdf, fileName: "certificat;bateau.pdf", type: "application/pdf" },
      ],
      cookie,
    );
    const response = await responseOf(() => certificatesRoute.action({ request, context: backoffice.context(), params: {} }));
    expect((await flashOf(backoffice, response))?.type).toBe("success");
    const attached = (await cartPage(backoffice, cookie)).view.lines.find((candidate) => candidate.productId === products.mmsi.id);
    expect(attached?.certificates).toHaveLength(1);
  });
});
