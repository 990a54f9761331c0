import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSummary, SessionResponse } from "@shared/contracts/api";
import type { Stock } from "@shared/contracts/entities";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `stock` feed (docs/integration.md) against the real back-office on each engine: one
 * stocks row per product, upserted by its reference, and shown at once by the running
 * back-office's stock calls and listings (their one-second cache is emptied by the import).
 */
describe.each(ENGINES)("the stock feed on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let product: { id: number; ref: string };
  let bare: { id: number; ref: string };
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
    await postFeed(bo, "categories", utf8("Référence;Titre\nMOU;Mouillage\n"));
    await postFeed(bo, "brands", utf8("Référence;Nom\nPLASTIMO;Plastimo\n"));
    const imported = await postFeed(
      bo,
      "products",
      utf8("Référence;Titre;Référence marque;Référence catégorie;Prix HT\nANC-PLA-10;Ancre soc de charrue 10 kg;PLASTIMO;MOU;89,90\n"),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    bare = await bo.db.selectFrom("products").select(["id", "ref"]).where("ref", "=", "ANC-PLA-10").executeTakeFirstOrThrow();
    product = await bo.db
      .selectFrom("products as p")
      .innerJoin("stocks as s", "s.product_id", "p.id")
      .select(["p.id", "p.ref"])
      .where("p.is_port", "=", false)
      .where("p.discontinued", "=", false)
      .where("s.sto_disp", ">", 0)
      .orderBy("p.ref")
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await bo.close();
  });

  const stockOf = async (id: number) => call<Stock>(bo, `/wms/stocks/${id}`, { token: client.token });
  const stockRows = async () =>
    (
      await bo.db
        .selectFrom("stocks")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("sets the figures of a Windows-1252 CSV, shown at once by the stock calls and the listing", async () => {
    // Read first: the figures sit in the back-office's one-second cache when the import comes.
    expect((await stockOf(bare.id)).body).toEqual({ obj_id: bare.id, sto_disp: 0, sto_refill_date: null, sto_refill_qte: null });
    expect((await stockOf(product.id)).body.sto_disp).toBeGreaterThan(0);
    const file = cp1252(
      `Référence;Quantité disponible;Date de réassort;Quantité de réassort\r\nanc-pla-10;12;;\r\n${product.ref};-3;15/03/2027;40\r\n`,
    );
    const { status, body } = await postFeed(bo, "stock", file);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 1, updated: 1, unchanged: 0, refused: 0 });
    expect((await stockOf(bare.id)).body).toEqual({ obj_id: bare.id, sto_disp: 12, sto_refill_date: null, sto_refill_qte: null });
    expect((await stockOf(product.id)).body).toEqual({
      obj_id: product.id,
      sto_disp: 0,
      sto_refill_date: "2027-03-15",
      sto_refill_qte: 40,
    });
    const listed = await call<{ items: ProductSummary[]; stocks?: Stock[] }>(
      bo,
      `/pim/products?usr_id=${client.user.obj_id}&q=ANC-PLA-10&in_stock=1&with_stock=1`,
      { token: client.token },
    );
    expect(listed.body.items.map((item) => item.obj_ref)).toEqual(["ANC-PLA-10"]);
    expect(listed.body.stocks?.[0]?.sto_disp).toBe(12);
  });

  it("changes nothing when the same file comes again, and keeps the refill when the file has no column for it", async () => {
    const same = await postFeed(
      bo,
      "stock",
      utf8(`Référence;Quantité disponible;Date de réassort;Quantité de réassort\nANC-PLA-10;12;;\n${product.ref};0;2027-03-15;40\n`),
    );
    expect(same.body.counts).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Stock");
    sheet.addRow(["Code article", "Stock disponible"]);
    sheet.addRow([product.ref, 25]);
    const { status, body } = await postFeed(bo, "stock", new Uint8Array(await book.xlsx.writeBuffer()));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect((await stockOf(product.id)).body).toEqual({
      obj_id: product.id,
      sto_disp: 25,
      sto_refill_date: "2027-03-15",
      sto_refill_qte: 40,
    });
  });

  it("changes nothing for a file with an unknown product or a bad figure, naming each line in French", async () => {
    const rows = await stockRows();
    const file = utf8(
      [
        "Référence;Quantité disponible;Date de réassort;Quantité de réassort",
        "ANC-PLA-10;7;;",
        "INCONNU-1;5;;",
        `${product.ref};2,5;31/02/2027;beaucoup`,
        "PORT_FRANCO;1;;",
      ].join("\n"),
    );
    const { status, body } = await postFeed(bo, "stock", file);
    expect(status).toBe(422);
    expect(body.refused.map((line) => line.text)).toEqual([
      "ligne 3, colonne Référence : « INCONNU-1 » n'est pas un produit connu (importez-le d'abord avec le flux products)",
      "ligne 4, colonne Quantité disponible : « 2,5 » n'est pas une quantité entière",
      "ligne 4, colonne Date de réassort : « 31/02/2027 » n'est pas une date du calendrier",
      "ligne 4, colonne Quantité de réassort : « beaucoup » n'est pas une quantité entière",
      "ligne 5, colonne Référence : « PORT_FRANCO » est un article de frais de port du portail : il n'a pas de stock",
    ]);
    expect(await stockRows()).toBe(rows);
    expect((await stockOf(bare.id)).body.sto_disp).toBe(12);
  });

  it("refuses full, which only the products feed takes", async () => {
    const { status, body } = await postFeed(bo, "stock", utf8("Référence;Quantité disponible\nANC-PLA-10;1\n"), "?full=1");
    expect(status).toBe(400);
    expect(body.message).toBe("L'option --full (full=1) ne vaut que pour le flux products : retirez-la.");
  });
});
