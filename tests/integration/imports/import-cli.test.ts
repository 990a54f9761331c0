import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackoffice, type Backoffice } from "../backoffice/harness";
import { SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { cp1252, postFeed, utf8 } from "./imports";

/** `npm run import` (server/backoffice/imports/cli.ts) spawned as npm runs it, against a started back-office. */
const ROOT = path.resolve(import.meta.dirname, "../../..");

function runImport(
  bo: Backoffice,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/backoffice/imports/cli.ts", ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          UPSTREAM_URL: bo.baseUrl.replace(/\/api$/, ""),
          WAREHOUSE_TOKEN: SERVICE_TOKEN,
          WAREHOUSE_TOKEN_FILE: path.join(ROOT, "no-such-token-file"),
          ...env,
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run import", () => {
  let bo: Backoffice;
  let dir: string;
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    dir = await mkdtemp(path.join(tmpdir(), "import-cli-"));
  });
  afterAll(async () => {
    await bo.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("prints a feed's template", async () => {
    const run = await runImport(bo, ["template", "brands"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Référence;Nom\nPLASTIMO;Plastimo\n");
  });

  it("prints the products and stock templates, their example naming the brand and category of the other templates", async () => {
    const products = await runImport(bo, ["template", "products"]);
    expect(products.code, products.stderr).toBe(0);
    const [header, example] = products.stdout.trimEnd().split("\n");
    expect(header).toBe(
      "Référence;Titre;Description;Référence marque;Référence catégorie;Prix HT;Écotaxe;Poids brut (kg);Poids net (kg);Produit MMSI;Famille d'expédition;Arrêté;Retournable;Image",
    );
    expect(example?.split(";").slice(0, 6)).toEqual([
      "GIL-PLA-150",
      "Gilet autogonflant Pilot 150 N avec harnais",
      expect.stringContaining("150 N"),
      "PLASTIMO",
      "SEC-GIL",
      "129,90",
    ]);
    const stock = await runImport(bo, ["template", "stock"]);
    expect(stock.stdout).toBe("Référence;Quantité disponible;Date de réassort;Quantité de réassort\nGIL-PLA-150;24;15/03/2027;50\n");
  });

  it("sends --full for products, and refuses it for another feed (exit 2)", async () => {
    await postFeed(bo, "categories", utf8("Référence;Titre\nSEC-GIL;Gilets de sauvetage\n"));
    await postFeed(bo, "brands", utf8("Référence;Nom\nPLASTIMO;Plastimo\n"));
    const file = path.join(dir, "articles.csv");
    await writeFile(file, (await runImport(bo, ["template", "products"])).stdout);
    const dry = await runImport(bo, ["products", file, "--full", "--dry-run"]);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toMatch(
      /^Essai \(--dry-run\), rien n'est enregistré : 1 créée\(s\), .* ; \d+ produit\(s\) absent\(s\) du fichier marqué\(s\) arrêté\(s\)\.$/m,
    );
    const refused = await runImport(bo, ["brands", file, "--full"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("L'option --full (full=1) ne vaut que pour le flux products : retirez-la.");
  });

  it("tries, refuses, then applies a file, with exit code 0 only when applied", async () => {
    const file = path.join(dir, "familles.csv");
    await writeFile(
      file,
      cp1252("Code famille;Intitulé;Famille parent\r\nMOU;Mouillage;\r\nMOU-ANC;Ancres & chaînes;MOU\r\nMOU-X;Orphelin;ABSENT\r\n"),
    );
    const refused = await runImport(bo, ["categories", file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Rien n'est enregistré : 1 ligne(s) refusée(s).");
    expect(refused.stderr).toContain("  - ligne 4, colonne Référence parent : « ABSENT » n'est pas une catégorie connue");
    const dry = await runImport(bo, ["categories", file, "--dry-run", "--skip-invalid"]);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain("Essai (--dry-run), rien n'est enregistré : 2 créée(s)");
    const applied = await runImport(bo, ["categories", file, "--skip-invalid"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain("Fichier appliqué : 2 créée(s), 0 modifiée(s), 0 inchangée(s), 1 ligne(s) refusée(s).");
    const titles = await bo.db
      .selectFrom("categories")
      .select("title")
      .where("erp_ref", "in", ["MOU", "MOU-ANC"])
      .orderBy("level")
      .execute();
    expect(titles.map((row) => row.title)).toEqual(["Mouillage", "Ancres & chaînes"]);
  });

  it("says why a file cannot be read, and why the portal refuses the token (exit 1)", async () => {
    const file = path.join(dir, "marques.csv");
    await writeFile(file, "Nom\r\nSans référence\r\n");
    const unreadable = await runImport(bo, ["brands", file]);
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain("Refusé : Colonne « Référence » absente");
    const badToken = await runImport(bo, ["brands", file], { WAREHOUSE_TOKEN: "x".repeat(40) });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toContain("Refusé (401) : Jeton de service absent, inconnu ou révoqué. (jeton : WAREHOUSE_TOKEN)");
  });

  it("says what is wrong with the command line (exit 2)", async () => {
    const run = await runImport(bo, ["produits", "fichier.csv"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Flux inconnu : « produits ».");
    const invite = await runImport(bo, ["brands", "marques.csv", "--invite"]);
    expect(invite.code).toBe(2);
    expect(invite.stderr).toContain("--invite ne vaut que pour les flux customers et users.");
  });

  it("prints the users feed's template, and sends a customers file with --invite", async () => {
    const template = await runImport(bo, ["template", "users"]);
    expect(template.stdout).toBe(
      "Référence client;E-mail;Prénom;Nom;Fonction;Panier;Commandes;Devis;Factures;Prix;Administrateur\n" +
        "C0420;m.lebris@chantier-rance.fr;Morgane;Le Bris;Responsable achats;oui;oui;oui;non;oui;oui\n",
    );
    const customers = await runImport(bo, ["template", "customers"]);
    const file = path.join(dir, "clients.csv");
    await writeFile(file, customers.stdout);
    const applied = await runImport(bo, ["customers", file, "--invite"]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toBe(
      "Fichier appliqué : 1 créée(s), 0 modifiée(s), 0 inchangée(s), 0 ligne(s) refusée(s). 1 invitation(s) envoyée(s).\n",
    );
  });
});
