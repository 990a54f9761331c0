import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as certificatesRoute from "~/routes/_app.mon-panier.certificats";
import { CertificateFiles } from "../../../server/backoffice/certificates/files";
import { certificatesDb, storeCertificate } from "../../../server/backoffice/certificates/store";
import { responseOf } from "../portal/harness";
import { cartPage, cookieFor, flashOf, postAdd, postCart } from "./cart-flow";
import { LOGINS, demoProducts, startCartBackoffice, type CartBackoffice } from "./harness";

/**
 * Decision 0142: an MMSI certificate's file (a person's licence) is deleted with its row when
 * nothing needs it any more: its line removed, the certificate detached, the change that was to
 * attach it failed, and the order it went with older than the retention period (12 months).
 */
let backoffice: CartBackoffice;
let cookie: string;
let products: Awaited<ReturnType<typeof demoProducts>>;
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const DAY_MS = 24 * 60 * 60 * 1000;

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

const files = () => readdir(backoffice.certificatesDir).catch(() => [] as string[]);
const rows = () => certificatesDb(backoffice.db).selectFrom("certificates").select(["cer_id", "storage_name"]).execute();

async function mmsiLine() {
  const line = (await cartPage(backoffice, cookie)).view.lines.find((candidate) => candidate.productId === products.mmsi.id);
  if (!line) throw new Error("MMSI line missing");
  return line;
}

async function post(body: FormData | URLSearchParams) {
  const headers: Record<string, string> = { cookie };
  if (body instanceof URLSearchParams) headers["content-type"] = "application/x-www-form-urlencoded";
  const request = new Request("http://portail.test/mon-panier/certificats", { method: "POST", body, headers });
  return flashOf(backoffice, await responseOf(() => certificatesRoute.action({ request, context: backoffice.context(), params: {} })));
}

async function attach(mmsi: string) {
  const form = new FormData();
  form.set("intent", "attach");
  form.set("lineId", (await mmsiLine()).lineId);
  form.set("mmsi", mmsi);
  form.set("file", new File([PDF], `${mmsi}.pdf`));
  return post(form);
}

describe("certificate files are deleted when nothing needs them", () => {
  it("when their line is removed from the cart", async () => {
    await attach("227006760");
    await attach("227006761");
    expect(await files()).toHaveLength(2);
    const removed = await postCart(backoffice, cookie, { intent: "remove", lineId: (await mmsiLine()).lineId });
    expect(removed.status).toBeLessThan(400);
    expect(await files()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("when a certificate is detached, the other one staying", async () => {
    await attach("227006760");
    await attach("227006761");
    const [first, second] = (await mmsiLine()).certificates;
    if (!first || !second) throw new Error("two certificates expected");
    expect((await post(new URLSearchParams({ intent: "detach", lineId: (await mmsiLine()).lineId, cerId: first.cerId })))?.message).toBe(
      "Certificat retiré.",
    );
    expect((await rows()).map((row) => row.cer_id)).toEqual([second.cerId]);
    expect(await files()).toHaveLength(1);
  });

  it("when the cart is emptied", async () => {
    await attach("227006760");
    await postCart(backoffice, cookie, { intent: "clear" });
    expect(await files()).toEqual([]);
  });

  it("when the change that was to attach it fails after the upload", async () => {
    backoffice.failSaves = true;
    try {
      const flash = await attach("227006760");
      expect(flash?.type).toBe("error");
    } finally {
      backoffice.failSaves = false;
    }
    expect(await files()).toEqual([]);
    expect(await rows()).toEqual([]);
    expect((await mmsiLine()).certificates).toEqual([]);
  });

  it("never through DELETE while the cart refers to it", async () => {
    await attach("227006760");
    const [certificate] = (await mmsiLine()).certificates;
    const login = await fetch(`${backoffice.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: LOGINS.client, password: "demo1234" }),
    });
    const { token } = (await login.json()) as { token: string };
    const removed = await fetch(`${backoffice.url}/api/oms/certificates/${certificate?.cerId ?? ""}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(409);
    expect(await files()).toHaveLength(1);
  });

  it("when the back-office cannot record a file it wrote", async () => {
    const before = await files();
    const refused = storeCertificate(certificatesDb(backoffice.db), backoffice.certificatesDir, {
      orgId: 999_999, // no such organization: the insert fails after the file is written
      productId: products.mmsi.id,
      userId: 1,
      mmsi: "227006760",
      fileName: "a.pdf",
      mime: "application/pdf",
      bytes: Buffer.from(PDF),
    });
    await expect(refused).rejects.toThrow();
    expect(await files()).toEqual(before);
  });

  it("not while an order refers to it, and once that order is older than the retention period", async () => {
    await attach("227006760");
    const [certificate] = (await mmsiLine()).certificates;
    if (!certificate) throw new Error("certificate expected");
    // An order of this organization went with it (as a confirmation writes it).
    const org = await backoffice.db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow();
    const order = await backoffice.db
      .selectFrom("orders")
      .select("id")
      .where("org_id", "=", org.id)
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    await backoffice.db
      .updateTable("order_lines")
      .set({ certificates: JSON.stringify([{ cer_id: certificate.cerId, mmsi: certificate.mmsi, file_name: certificate.fileName }]) })
      .where("order_id", "=", order.id)
      .where("position", "=", sql<number>`(select min(position) from order_lines where order_id = ${order.id})`)
      .execute();
    await postCart(backoffice, cookie, { intent: "clear" });
    expect(await files()).toHaveLength(1);

    const now = backoffice.now();
    const purge = new CertificateFiles(backoffice.db, backoffice.certificatesDir, { error: () => undefined });
    await certificatesDb(backoffice.db)
      .updateTable("certificates")
      .set({ created_at: new Date(now.getTime() - 400 * DAY_MS) })
      .execute();
    await backoffice.db
      .updateTable("orders")
      .set({ created_at: new Date(now.getTime() - 300 * DAY_MS) })
      .where("id", "=", order.id)
      .execute();
    expect(await purge.purge(now)).toBe(0);
    expect(await files()).toHaveLength(1);

    await backoffice.db
      .updateTable("orders")
      .set({ created_at: new Date(now.getTime() - 370 * DAY_MS) })
      .where("id", "=", order.id)
      .execute();
    expect(await purge.purge(now)).toBe(1);
    expect(await files()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("a file uploaded but never attached goes after a day, not before", async () => {
    const db = certificatesDb(backoffice.db);
    const stored = await storeCertificate(db, backoffice.certificatesDir, {
      orgId: (await backoffice.db.selectFrom("organizations").select("id").where("ref", "=", "C0001").executeTakeFirstOrThrow()).id,
      productId: products.mmsi.id,
      userId: (await backoffice.db.selectFrom("users").select("id").where("login", "=", LOGINS.client).executeTakeFirstOrThrow()).id,
      mmsi: "227006760",
      fileName: "perdu.pdf",
      mime: "application/pdf",
      bytes: Buffer.from(PDF),
    });
    const purge = new CertificateFiles(backoffice.db, backoffice.certificatesDir, { error: () => undefined });
    const now = backoffice.now();
    await db
      .updateTable("certificates")
      .set({ created_at: new Date(now.getTime() - 2 * 60 * 60 * 1000) })
      .where("cer_id", "=", stored.cer_id)
      .execute();
    expect(await purge.purge(now)).toBe(0);
    await db
      .updateTable("certificates")
      .set({ created_at: new Date(now.getTime() - 2 * DAY_MS) })
      .where("cer_id", "=", stored.cer_id)
      .execute();
    // A file already gone (a crash between the two deletions) is no failure.
    const row = await db.selectFrom("certificates").select("storage_name").where("cer_id", "=", stored.cer_id).executeTakeFirstOrThrow();
    await rm(path.join(backoffice.certificatesDir, row.storage_name));
    expect(await purge.purge(now)).toBe(1);
    expect(await files()).toEqual([]);
  });
});
