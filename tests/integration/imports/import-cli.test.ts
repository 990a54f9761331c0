import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackoffice, type Backoffice } from "../backoffice/harness";
import { SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { cp1252 } from "./imports";

/** `npm run import` (server/backoffice/imports/cli.ts) spawned as npm runs it, against a started back-office. */
const ROOT = path.resolve(import.meta.dirname, "../../..");

function runImport(bo: Backoffice, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
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
