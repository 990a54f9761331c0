import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand, ProductDetail, ProductSummary, SessionResponse } from "@shared/contracts/api";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `products` feed (docs/integration.md) against the real back-office on each engine:
 * upsert by reference, whole or nothing, `full`, and a running back-office showing the file in
 * its listings, product pages and searches as soon as the import has answered.
 */

const HEADER =
  "Référence;Titre;Description;Référence marque;Référence catégorie;Prix HT;Écotaxe;Poids brut (kg);Poids net (kg);Produit MMSI;Famille d'expédition;Arrêté;Image";
const PRODUCTS = [
  HEADER,
  "GIL-PLA-150;Gilet autogonflant Pilot 150 N;Gilet à déclenchement hydrostatique, harnais intégré.;PLASTIMO;SEC-GIL;129,90;0,12;1,35;1,1;non;;non;https://images.exemple.fr/produits/GIL-PLA-150.jpg",
  "BAL-ORI-406;Balise de détresse Orion 406 MHz;Balise GPS, batterie lithium.;OCEANSIG;SEC-BAL;459,00;0,5;0,8;0,75;oui;balise | matière dangereuse;non;",
  "MOT-TOH-6;Moteur hors-bord Tohatsu 6 ch;Arbre long, démarrage manuel.;TOHATSU;MOT;1 649,00;;26;25;non;moteur;non;https://images.exemple.fr/produits/MOT-TOH-6.jpg|https://images.exemple.fr/produits/MOT-TOH-6-b.jpg",
].join("\r\n");

async function workbook(rows: (string | number)[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Articles");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe.each(ENGINES)("the products feed on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  let categoryOf: Map<string, number>;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
    const categories = await postFeed(
      bo,
      "categories",
      utf8(
        "Référence;Titre;Référence parent\nSEC;Sécurité;\nSEC-GIL;Gilets de sauvetage;SEC\nSEC-BAL;Balises de détresse;SEC\nMOT;Moteurs;\n",
      ),
    );
    const brands = await postFeed(bo, "brands", utf8("Référence;Nom\nPLASTIMO;Plastimo\nOCEANSIG;Ocean Signal\nTOHATSU;Tohatsu\n"));
    expect([categories.status, brands.status]).toEqual([200, 200]);
    const rows = await bo.db.selectFrom("categories").select(["id", "erp_ref"]).where("erp_ref", "is not", null).execute();
    categoryOf = new Map(rows.map((row) => [row.erp_ref ?? "", row.id]));
  });
  afterAll(async () => {
    await bo.close();
  });

  const usr = () => `usr_id=${client.user.obj_id}`;
  const listing = async (query: string) =>
    (await call<{ items: ProductSummary[]; total: number }>(bo, `/pim/products?${usr()}&${query}`, { token: client.token })).body;
  const detail = async (ref: string) =>
    call<ProductDetail>(bo, `/pim/products/${encodeURIComponent(ref)}?${usr()}&by=ref`, { token: client.token });
  const productCount = async () =>
    (
      await bo.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("creates products from a Windows-1252 CSV, shown at once by the running back-office's listing, page and search", async () => {
    // The in-memory catalogue is built before the import: it must follow the import, not start from it.
    expect((await listing(`category=${categoryOf.get("SEC")}`)).total).toBe(0);
    const { status, body } = await postFeed(bo, "products", cp1252(PRODUCTS));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ applied: true, counts: { created: 3, updated: 0, unchanged: 0, refused: 0 }, refused: [] });
    expect(body.message).toBe("Fichier appliqué : 3 créée(s), 0 modifiée(s), 0 inchangée(s), 0 ligne(s) refusée(s).");

    const security = await listing(`category=${categoryOf.get("SEC")}&sort=reference`);
    expect(security.items.map((item) => [item.obj_ref, item.obj_title, item.prd_price_selling, item.brand?.obj_title])).toEqual([
      ["BAL-ORI-406", "Balise de détresse Orion 406 MHz", 45900, "Ocean Signal"],
      ["GIL-PLA-150", "Gilet autogonflant Pilot 150 N", 12990, "Plastimo"],
    ]);
    const jacket = await detail("GIL-PLA-150");
    expect(jacket.status).toBe(200);
    expect(jacket.body).toMatchObject({
      obj_title: "Gilet autogonflant Pilot 150 N",
      obj_name: "Gilet autogonflant Pilot 150 N",
      description: "Gilet à déclenchement hydrostatique, harnais intégré.",
      category_id: categoryOf.get("SEC-GIL"),
      prd_ecotaxe: 12,
      prd_weight_gross: 1350,
      prd_weight_net: 1100,
      prd_discontinued: false,
      image: "https://images.exemple.fr/produits/GIL-PLA-150.jpg",
      images: ["https://images.exemple.fr/produits/GIL-PLA-150.jpg"],
      documents: [],
    });
    const beacon = await detail("BAL-ORI-406");
    expect(beacon.body.obj_properties).toMatchObject({ "Produit MMSI": true, hazardous: true });
    expect(beacon.body.images).toEqual([]);
    const flags = await bo.db
      .selectFrom("products")
      .select(["ref", "is_motor", "is_antenna", "is_tag", "is_hazardous", "images"])
      .where("ref", "in", ["BAL-ORI-406", "MOT-TOH-6"])
      .orderBy("ref")
      .execute();
    expect(flags).toEqual([
      { ref: "BAL-ORI-406", is_motor: false, is_antenna: false, is_tag: true, is_hazardous: true, images: [] },
      {
        ref: "MOT-TOH-6",
        is_motor: true,
        is_antenna: false,
        is_tag: false,
        is_hazardous: false,
        images: ["https://images.exemple.fr/produits/MOT-TOH-6.jpg", "https://images.exemple.fr/produits/MOT-TOH-6-b.jpg"],
      },
    ]);
    // The search document: the category's name (« Moteurs ») and the brand find the new motor.
    const found = await listing(`q=${encodeURIComponent("moteurs tohatsu")}`);
    expect(found.items.map((item) => item.obj_ref)).toContain("MOT-TOH-6");
    const brands = (await call<Brand[]>(bo, "/pim/brands", { token: client.token })).body;
    expect(brands.find((brand) => brand.obj_title === "Tohatsu")?.product_count).toBe(1);
  });

  it("changes nothing when the same file comes again, and says so", async () => {
    const before = await bo.db
      .selectFrom("catalogue_revisions")
      .select("revision")
      .where("name", "=", "catalogue")
      .executeTakeFirstOrThrow();
    const { status, body } = await postFeed(bo, "products", cp1252(PRODUCTS));
    expect(status).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
    const after = await bo.db
      .selectFrom("catalogue_revisions")
      .select("revision")
      .where("name", "=", "catalogue")
      .executeTakeFirstOrThrow();
    expect(after.revision).toBe(before.revision);
  });

  it("updates from an XLSX workbook with Sage's headers, keeping what the file has no column for; the page shows the new price at once", async () => {
    expect((await detail("GIL-PLA-150")).body.prd_price_selling).toBe(12990);
    const file = await workbook([
      ["AR_Ref", "AR_Design", "Code famille", "AR_PrixVen", "AR_PoidsBrut"],
      ["gil-pla-150", "Gilet autogonflant Pilot 150 N harnais", "SEC-GIL", 134.5, 1.4],
      ["MOT-TOH-6", "Moteur hors-bord Tohatsu 6 ch", "MOT", "1649", 26],
    ]);
    const { status, body } = await postFeed(bo, "products", file);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 1, unchanged: 1, refused: 0 });
    const jacket = (await detail("GIL-PLA-150")).body;
    expect(jacket).toMatchObject({
      obj_title: "Gilet autogonflant Pilot 150 N harnais",
      prd_price_selling: 13450,
      prd_weight_gross: 1400,
      prd_weight_net: 1100,
      prd_ecotaxe: 12,
      description: "Gilet à déclenchement hydrostatique, harnais intégré.",
      brand: { obj_title: "Plastimo" },
    });
    // A new price alone: the search document is left as it was, and still finds the product.
    const repriced = await postFeed(
      bo,
      "products",
      utf8("Référence;Titre;Référence catégorie;Prix HT\nMOT-TOH-6;Moteur hors-bord Tohatsu 6 ch;MOT;1 599,00\n"),
    );
    expect(repriced.body.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    expect((await detail("MOT-TOH-6")).body.prd_price_selling).toBe(159900);
    expect((await listing(`q=${encodeURIComponent("moteurs tohatsu")}`)).items.map((item) => item.obj_ref)).toContain("MOT-TOH-6");
  });

  it("changes nothing for a file with bad lines, names each in French, and applies the others with skip_invalid", async () => {
    const before = await productCount();
    const file = utf8(
      [
        HEADER,
        "NEW-1;Manille lyre inox;;PLASTIMO;SEC-GIL;12,50;;0,05;;;;;",
        "NEW-2;Manille droite;;INCONNUE;SEC-GIL;9,90;;;;;;;",
        "NEW-3;Poulie simple;;PLASTIMO;SEC-XXX;19,90;;;;;;;",
        "NEW-4;Taquet coinceur;;PLASTIMO;SEC-GIL;12.5.0;;;;;;;",
        "NEW-5;Mousqueton;;PLASTIMO;SEC-GIL;-4;;lourd;;peut-être;voilier;;ftp://exemple.fr/a.jpg",
        "PORT_FRANCO;Franco;;;SEC-GIL;0;;;;;;;",
      ].join("\n"),
    );
    const refused = await postFeed(bo, "products", file);
    expect(refused.status).toBe(422);
    expect(refused.body.applied).toBe(false);
    expect(refused.body.refused.map((line) => line.text)).toEqual([
      "ligne 3, colonne Référence marque : « INCONNUE » n'est pas une marque connue (importez-la d'abord avec le flux brands)",
      "ligne 4, colonne Référence catégorie : « SEC-XXX » n'est pas une catégorie connue (importez-la d'abord avec le flux categories)",
      "ligne 5, colonne Prix HT : « 12.5.0 » n'est pas un montant",
      "ligne 6, colonne Prix HT : « -4 » est négatif",
      "ligne 6, colonne Poids brut (kg) : « lourd » n'est pas un poids en kg (par exemple 1,25)",
      "ligne 6, colonne Produit MMSI : « peut-être » n'est ni « oui » ni « non »",
      "ligne 6, colonne Famille d'expédition : « voilier » n'est pas une famille d'expédition (moteur, antenne, balise, matière dangereuse)",
      "ligne 6, colonne Image : « ftp://exemple.fr/a.jpg » n'est pas une adresse d'image (http:// ou https://)",
      "ligne 7, colonne Référence : « PORT_FRANCO » est un article de frais de port du portail : il ne s'importe pas",
    ]);
    expect(refused.body.message).toBe(
      "Rien n'est enregistré : 5 ligne(s) refusée(s). Corrigez-les, ou relancez avec --skip-invalid pour appliquer les lignes valides.",
    );
    expect(await productCount()).toBe(before);
    const skipped = await postFeed(bo, "products", file, "?skip_invalid=1");
    expect(skipped.status).toBe(200);
    expect(skipped.body.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 5 });
    expect(await productCount()).toBe(before + 1);
    expect((await detail("NEW-1")).body).toMatchObject({ obj_title: "Manille lyre inox", prd_weight_gross: 50, image: null });
  });

  it("refuses full for another feed, in French", async () => {
    const { status, body } = await postFeed(bo, "brands", utf8("Référence;Nom\nPLASTIMO;Plastimo\n"), "?full=1");
    expect(status).toBe(400);
    expect(body.message).toBe("L'option --full (full=1) ne vaut que pour le flux products : retirez-la.");
  });

  it("with full, marks every product missing from the file discontinued, never deleted, and the listings drop them at once", async () => {
    const orderable = await bo.db
      .selectFrom("products")
      .select(["id", "ref"])
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .orderBy("ref")
      .execute();
    const missing = orderable.filter((product) => !["GIL-PLA-150", "BAL-ORI-406", "MOT-TOH-6"].includes(product.ref));
    const demo = missing.find((product) => !product.ref.startsWith("NEW-"));
    expect(demo).toBeDefined();
    expect((await listing(`q=${encodeURIComponent(demo?.ref ?? "")}`)).items.map((item) => item.obj_ref)).toContain(demo?.ref);
    const before = await productCount();

    const dry = await postFeed(bo, "products", cp1252(PRODUCTS), "?full=1&dry_run=1");
    expect(dry.body.counts).toEqual({ created: 0, updated: 2, unchanged: 1, refused: 0, discontinued: missing.length });
    expect(dry.body.message).toBe(
      `Essai (--dry-run), rien n'est enregistré : 0 créée(s), 2 modifiée(s), 1 inchangée(s), 0 ligne(s) refusée(s) ; ${missing.length} produit(s) absent(s) du fichier marqué(s) arrêté(s).`,
    );
    const withBadLine = await postFeed(
      bo,
      "products",
      cp1252(`${PRODUCTS}\r\nX-1;Sans catégorie;;;;1;;;;;;;`),
      "?full=1&skip_invalid=1&dry_run=1",
    );
    expect(withBadLine.body.counts.discontinued).toBe(0);
    expect(withBadLine.body.message).toContain("--full : aucun produit marqué arrêté, le fichier ayant des lignes refusées");

    const applied = await postFeed(bo, "products", cp1252(PRODUCTS), "?full=1");
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.counts.discontinued).toBe(missing.length);
    expect(await productCount()).toBe(before);
    const stillListed = await bo.db
      .selectFrom("products")
      .select("ref")
      .where("is_port", "=", false)
      .where("discontinued", "=", false)
      .orderBy("ref")
      .execute();
    expect(stillListed.map((row) => row.ref)).toEqual(["BAL-ORI-406", "GIL-PLA-150", "MOT-TOH-6"]);
    expect((await listing(`q=${encodeURIComponent(demo?.ref ?? "")}`)).items.map((item) => item.obj_ref)).not.toContain(demo?.ref);
    expect((await detail(demo?.ref ?? "")).body.prd_discontinued).toBe(true);
    // The shipping lines are the portal's own: never marked.
    const shipping = await bo.db.selectFrom("products").select("discontinued").where("is_port", "=", true).execute();
    expect(shipping.every((row) => !row.discontinued)).toBe(true);

    const again = await postFeed(bo, "products", cp1252(PRODUCTS), "?full=1");
    expect(again.body.counts).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0, discontinued: 0 });
  });

  it("reads « Retournable »: non stops the returns, an empty cell or no column keeps the flag, a new product is returnable", async () => {
    const returnable = async () =>
      Object.fromEntries(
        (
          await bo.db
            .selectFrom("products")
            .select(["ref", "returnable"])
            .where("ref", "in", ["GIL-PLA-150", "MOT-TOH-6", "NEW-RET-1"])
            .execute()
        ).map((row) => [row.ref, row.returnable]),
      );
    const file = (cells: [string, string][]) =>
      utf8(
        [
          "Référence;Titre;Référence catégorie;Prix HT;Retournable",
          ...cells.map(([ref, flag]) => `${ref};Produit ${ref};SEC-GIL;10;${flag}`),
        ].join("\n"),
      );
    const first = await postFeed(
      bo,
      "products",
      file([
        ["GIL-PLA-150", "non"],
        ["MOT-TOH-6", "0"],
        ["NEW-RET-1", ""],
      ]),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await returnable()).toEqual({ "GIL-PLA-150": false, "MOT-TOH-6": false, "NEW-RET-1": true });
    // An empty cell keeps what is stored; « oui » gives it back.
    await postFeed(
      bo,
      "products",
      file([
        ["GIL-PLA-150", ""],
        ["MOT-TOH-6", "oui"],
      ]),
    );
    expect(await returnable()).toEqual({ "GIL-PLA-150": false, "MOT-TOH-6": true, "NEW-RET-1": true });
    const bad = await postFeed(bo, "products", file([["GIL-PLA-150", "peut-être"]]));
    expect(bad.body.refused.map((line) => line.text)).toEqual(["ligne 2, colonne Retournable : « peut-être » n'est ni « oui » ni « non »"]);
  });
});
