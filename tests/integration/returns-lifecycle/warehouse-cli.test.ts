import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { LOGINS, login, startBackoffice, type Backoffice } from "../backoffice/harness";
import { stockedProducts } from "../backoffice/invoices-fixtures";
import { SERVICE_TOKEN } from "../backoffice/orders-fixtures";
import { askReturn, deliveredOrder, serviceReturn } from "./fixtures";

/**
 * The returns' verbs of `npm run warehouse` (server/backoffice/warehouse/returns.ts) against a
 * started back-office, spawned as npm runs it: each step printed in French, a refusal the
 * portal's message and exit 1, a wrong command line the usage and exit 2.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function warehouse(bo: Backoffice, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/backoffice/warehouse/cli.ts", ...args],
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

describe("npm run warehouse on returns", () => {
  let bo: Backoffice;
  let buyer: SessionResponse;
  let products: { id: number; ref: string }[];
  beforeAll(async () => {
    bo = await startBackoffice("pglite");
    buyer = await login(bo, LOGINS.buyer);
    products = await stockedProducts(bo, 2);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("lists, accepts, receives part of, shows and credits a return, printing each result in French", async () => {
    const [winch, rope] = products as [{ id: number; ref: string }, { id: number; ref: string }];
    const placed = await deliveredOrder(
      bo,
      buyer,
      [
        [winch, 2],
        [rope, 3],
      ],
      "warehouse-returns-1",
    );
    const asked = await askReturn(bo.db, placed.ord_id, [
      [winch, 2],
      [rope, 3],
    ]);

    const listed = await warehouse(bo, ["returns", "--client", "c0001", "--status", "demandé"]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${asked.number} {2}20/11/2026 {2}C0001 Voilerie Atlantique .* ${placed.ord_ref} {2}demandé .*5 articles`, "m"),
    );
    expect(listed.stdout).toContain("Erreur de commande");
    expect(listed.stdout).toMatch(/1 retour — page 1 sur 1\./);

    const accepted = await warehouse(bo, ["return-accept", asked.number.toLowerCase(), "--note", "Étiquette envoyée."]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain(`Retour ${asked.number} (C0001 Voilerie Atlantique, commande ${placed.ord_ref}) : accepté.`);
    expect(accepted.stdout).toContain("Le client peut imprimer son bon de retour.");

    const tooMany = await warehouse(bo, ["return-receive", asked.number, "--line", `${winch.ref}=3`]);
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain(`Refusé (422) : Quantité reçue trop élevée pour ${winch.ref} : 2 demandés au retour.`);
    expect(tooMany.stderr).toContain(`  - lines.0.qty : Quantité reçue trop élevée pour ${winch.ref}`);

    const received = await warehouse(bo, ["return-receive", asked.number, "--line", `${winch.ref}=2`, "--line", `${rope.ref}=1`]);
    expect(received.code, received.stderr).toBe(0);
    expect(received.stdout).toContain(": reçu.");
    expect(received.stdout).toContain("Reçu : 3 sur 5 articles.");

    const shown = await warehouse(bo, ["return-show", asked.number]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Commande ${placed.ord_ref}, demandé par Maël Kerjean — motif : Erreur de commande — souhait : Avoir`);
    expect(shown.stdout).toMatch(new RegExp(`^ {2}${winch.ref} +2 / +2 `, "m"));
    expect(shown.stdout).toMatch(new RegExp(`^ {2}${rope.ref} +3 / +1 `, "m"));
    expect(shown.stdout).toMatch(/Retour accepté — Entrepôt NautiDistrib : « Étiquette envoyée. »/);
    expect(shown.stdout).toMatch(/Retour réceptionné — Entrepôt NautiDistrib/);

    const credited = await warehouse(bo, ["return-credit", asked.number, "--fee", "10"]);
    expect(credited.code, credited.stderr).toBe(0);
    const detail = await serviceReturn(bo, asked.number);
    const [note] = detail.credit_notes;
    expect(credited.stdout).toContain(": avoir émis.");
    expect(credited.stdout).toMatch(new RegExp(`Avoir : ${note?.number} \\([\\d\\s]+,\\d{2}\\s€ TTC\\)\\.`));
    expect(credited.stdout).toContain("Frais de remise en stock : 10 %.");

    const again = await warehouse(bo, ["return-exchange", asked.number, "--carrier", "DPD"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Refusé (409) : Le retour ${asked.number} est « avoir émis » : il ne peut plus changer.`);
  }, 120_000);

  it("refuses and exchanges returns, and exits 2 on a wrong command line", async () => {
    const [winch] = products as [{ id: number; ref: string }];
    const placed = await deliveredOrder(bo, buyer, [[winch, 3]], "warehouse-returns-2");
    const refused = await askReturn(bo.db, placed.ord_id, [[winch, 1]]);
    const exchanged = await askReturn(bo.db, placed.ord_id, [[winch, 2]], { resolution: "exchange", reason: "defective" });

    const [noReason, badFee, both, unknown] = await Promise.all([
      warehouse(bo, ["return-refuse", refused.number]),
      warehouse(bo, ["return-credit", refused.number, "--fee", "150"]),
      warehouse(bo, ["return-receive", refused.number, "--all", "--line", `${winch.ref}=1`]),
      warehouse(bo, ["return-archive", refused.number]),
    ]);
    expect(noReason).toMatchObject({ code: 2, stderr: expect.stringContaining("return-refuse : indiquez le motif du refus (--reason).") });
    expect(badFee).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--fee : un pourcentage entier de 0 à 100 est attendu, pas « 150 »."),
    });
    expect(both).toMatchObject({ code: 2, stderr: expect.stringContaining("return-receive : --all ou --line, pas les deux.") });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("Commande inconnue : « return-archive ».") });
    expect(noReason.stderr).toContain("return-exchange RET-… --carrier T");

    const refusal = await warehouse(bo, ["return-refuse", refused.number, "--reason", "Hors délai de retour."]);
    expect(refusal.code, refusal.stderr).toBe(0);
    expect(refusal.stdout).toContain(": refusé.");
    expect(refusal.stdout).toContain("Motif du refus : « Hors délai de retour. »");

    expect((await warehouse(bo, ["return-accept", exchanged.number])).code).toBe(0);
    const all = await warehouse(bo, ["return-receive", exchanged.number, "--all"]);
    expect(all.stdout).toContain("Reçu : 2 sur 2 articles.");
    const shipped = await warehouse(bo, ["return-exchange", exchanged.number, "--carrier", "Colissimo", "--tracking", "6A0009"]);
    expect(shipped.code, shipped.stderr).toBe(0);
    expect(shipped.stdout).toContain(": échange expédié.");
    expect(shipped.stdout).toMatch(/Remplacement expédié le 20\/11\/2026 \d{2}:\d{2} : Colissimo, suivi 6A0009\./);
  }, 120_000);
});
