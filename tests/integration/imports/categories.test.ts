import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import type { Category } from "@shared/contracts/entities";
import { call, ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { cp1252, postFeed, utf8 } from "./imports";

/**
 * The `categories` feed (docs/integration.md) against the real back-office on each engine:
 * upsert by the ERP's reference, whole or nothing, and seen at once by the catalogue.
 */

const TREE =
  "Référence;Titre;Référence parent\r\nNAV;Électronique de navigation;\r\nNAV-GPS;Sondeurs & GPS;NAV\r\nNAV-GPS-POR;Traceurs portés à l'épaule;NAV-GPS\r\n";

function titles(tree: Category[]): string[] {
  return tree.flatMap((node) => [node.obj_title, ...titles(node.obj_childs)]);
}

describe.each(ENGINES)("the categories feed on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  const tree = async () => (await call<Category[]>(bo, `/pim/categories?usr_id=${client.user.obj_id}`, { token: client.token })).body;
  const count = async () =>
    (
      await bo.db
        .selectFrom("categories")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  it("creates a tree from a Windows-1252 CSV, seen at once by the catalogue, and says so", async () => {
    expect(titles(await tree())).not.toContain("Électronique de navigation");
    const { status, body } = await postFeed(bo, "categories", cp1252(TREE));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ applied: true, counts: { created: 3, updated: 0, unchanged: 0, refused: 0 }, refused: [] });
    expect(body.message).toBe("Fichier appliqué : 3 créée(s), 0 modifiée(s), 0 inchangée(s), 0 ligne(s) refusée(s).");
    const rows = await bo.db
      .selectFrom("categories")
      .select(["erp_ref", "title", "level", "slug"])
      .where("erp_ref", "like", "NAV%")
      .orderBy("level")
      .execute();
    expect(rows).toEqual([
      { erp_ref: "NAV", title: "Électronique de navigation", level: 1, slug: "electronique-de-navigation" },
      { erp_ref: "NAV-GPS", title: "Sondeurs & GPS", level: 2, slug: "sondeurs-gps" },
      { erp_ref: "NAV-GPS-POR", title: "Traceurs portés à l'épaule", level: 3, slug: "traceurs-portes-a-l-epaule" },
    ]);
    const nav = (await tree()).find((node) => node.obj_title === "Électronique de navigation");
    expect(titles(nav ? [nav] : [])).toEqual(["Électronique de navigation", "Sondeurs & GPS", "Traceurs portés à l'épaule"]);
  });

  it("changes nothing when the same file comes again, and says so", async () => {
    const { status, body } = await postFeed(bo, "categories", cp1252(TREE));
    expect(status).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
  });

  it("changes nothing for a file with one bad line, and applies the others with skip_invalid", async () => {
    const before = await count();
    const file = utf8(
      "Référence;Titre;Référence parent\nNAV-AIS;Transpondeurs AIS;NAV\nNAV-VHF;VHF;INCONNUE\nNAV-VHF-P;VHF portables;NAV-VHF\nNAV;Navigation;\n",
    );
    const refused = await postFeed(bo, "categories", file);
    expect(refused.status).toBe(422);
    expect(refused.body.applied).toBe(false);
    expect(refused.body.refused.map((line) => line.text)).toEqual([
      "ligne 3, colonne Référence parent : « INCONNUE » n'est pas une catégorie connue",
      "ligne 4, colonne Référence parent : « NAV-VHF » est la catégorie de la ligne 3, refusée",
    ]);
    expect(refused.body.message).toContain("Rien n'est enregistré : 2 ligne(s) refusée(s)");
    expect(await count()).toBe(before);
    const dry = await postFeed(bo, "categories", file, "?dry_run=1&skip_invalid=1");
    expect(dry.body).toMatchObject({ applied: false, dry_run: true, counts: { created: 1, updated: 1, unchanged: 0, refused: 2 } });
    expect(await count()).toBe(before);
    const skipped = await postFeed(bo, "categories", file, "?skip_invalid=1");
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ applied: true, counts: { created: 1, updated: 1, unchanged: 0, refused: 2 } });
    expect(await count()).toBe(before + 1);
    expect(titles(await tree())).toContain("Transpondeurs AIS");
  });

  it("refuses a cycle and a seventh level, naming the lines", async () => {
    const cycle = await postFeed(bo, "categories", utf8("Référence;Titre;Référence parent\nNAV;Navigation;NAV-GPS-POR\n"));
    expect(cycle.status).toBe(422);
    expect(cycle.body.refused.map((line) => line.text)).toEqual([
      "ligne 2, colonne Référence parent : « NAV-GPS-POR » ferait une boucle : NAV → NAV-GPS-POR → NAV-GPS → NAV",
    ]);
    const deep = ["Référence;Titre;Référence parent", "L4;Niveau 4;NAV-GPS-POR", "L5;Niveau 5;L4", "L6;Niveau 6;L5", "L7;Niveau 7;L6"].join(
      "\n",
    );
    const seventh = await postFeed(bo, "categories", utf8(deep));
    expect(seventh.status).toBe(422);
    expect(seventh.body.refused.map((line) => line.text)).toEqual([
      "ligne 5, colonne Référence parent : « L6 » placerait « L7 » au niveau 7 : six niveaux au plus",
    ]);
    expect(await bo.db.selectFrom("categories").select("id").where("erp_ref", "=", "L4").execute()).toEqual([]);
  });

  it("moves a subtree with its levels, from an XLSX workbook", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Familles");
    sheet.addRow(["Code famille", "Intitulé", "Famille parent"]);
    sheet.addRow(["NAV-GPS", "Sondeurs et GPS", ""]);
    const { status, body } = await postFeed(bo, "categories", new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.counts).toEqual({ created: 0, updated: 1, unchanged: 0, refused: 0 });
    const levels = await bo.db
      .selectFrom("categories")
      .select(["erp_ref", "level", "parent_id"])
      .where("erp_ref", "in", ["NAV-GPS", "NAV-GPS-POR"])
      .orderBy("level")
      .execute();
    expect(levels.map((row) => [row.erp_ref, row.level])).toEqual([
      ["NAV-GPS", 1],
      ["NAV-GPS-POR", 2],
    ]);
    expect(levels[0]?.parent_id).toBeNull();
  });

  it("refuses a file without a required column, an unknown feed and a file over 50 MB, in French", async () => {
    const missing = await postFeed(bo, "categories", utf8("Référence;Parent\nA;B\n"));
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe("Colonne « Titre » absente de la ligne d'en-tête (colonnes lues : « Référence », « Parent »).");
    const unknown = await postFeed(bo, "clients-mystere", utf8("Référence\n"));
    expect(unknown.status).toBe(400);
    const huge = await postFeed(bo, "categories", new Uint8Array(50 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("Le fichier pèse 51 Mo : 50 Mo au plus. Découpez-le en plusieurs fichiers (par famille, par exemple).");
  });
});
