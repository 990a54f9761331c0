import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionResponse } from "@shared/contracts/api";
import { ENGINES, LOGINS, login, startBackoffice, type Backoffice } from "./harness";
import { SERVICE_TOKEN, details, lineOf, placeOrder, setStock, testProducts } from "./orders-fixtures";

/**
 * `npm run warehouse` (server/backoffice/warehouse/cli.ts) against a started back-office: the
 * process is spawned as npm runs it, with the harness's URL and the demo's service token.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function warehouse(bo: Backoffice, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/backoffice/warehouse/cli.ts", ...args],
      {
        cwd: ROOT,
        // Never the working tree's data/warehouse-token: the token is the one given, or the demo's.
        env: {
          ...process.env,
          UPSTREAM_URL: bo.baseUrl.replace(/\/api$/, ""),
          WAREHOUSE_TOKEN: SERVICE_TOKEN,
          WAREHOUSE_TOKEN_FILE: path.join(ROOT, "no-such-token-file"),
          ...env,
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe.each(ENGINES)("npm run warehouse on %s", (engine) => {
  let bo: Backoffice;
  let client: SessionResponse;
  beforeAll(async () => {
    bo = await startBackoffice(engine);
    client = await login(bo, LOGINS.client);
  });
  afterAll(async () => {
    await bo.close();
  });

  it("lists orders and pending requests, with the demo's token when no other is given", async () => {
    const [orders, requests] = await Promise.all([
      warehouse(bo, ["list", "--client", "C0001", "--status", "livrée"], { WAREHOUSE_TOKEN: "" }),
      warehouse(bo, ["requests"]),
    ]);
    expect(orders.code, orders.stderr).toBe(0);
    expect(orders.stdout).toMatch(/^CMD-\d{6} {2}\d{2}\/\d{2}\/\d{4} {2}C0001 Voilerie Atlantique .* livrée/m);
    expect(orders.stdout).toMatch(/\d+ commandes? — page 1 sur \d+\./);
    expect(requests.code, requests.stderr).toBe(0);
    expect(requests.stdout).toContain("(C0001 Voilerie Atlantique)");
    expect(requests.stdout).toContain("« Le chantier est reporté : nous n'avons plus besoin de ce reliquat. »");
  }, 60_000);

  it("accepts, ships in two parts around a stock arrival, and delivers an order, printing each result in French", async () => {
    const [ready, awaited] = await testProducts(bo.db, 2);
    if (!ready || !awaited) throw new Error("no test products");
    await setStock(bo.db, ready.id, 20);
    await setStock(bo.db, awaited.id, 0, { date: "2026-12-01", qty: 10 });
    const placed = await placeOrder(
      bo,
      client,
      [
        [ready, 2],
        [awaited, 3],
      ],
      "warehouse-cli-1",
    );
    const ref = placed.ord_ref;

    const accepted = await warehouse(bo, ["accept", ref.toLowerCase()]);
    expect(accepted, accepted.stderr).toMatchObject({ code: 0 });
    expect(accepted.stdout).toContain(`Commande ${ref} (C0001 Voilerie Atlantique) : acceptée.`);

    const tooMany = await warehouse(bo, ["ship", ref, "--line", `${ready.ref}=5`, "--carrier", "Colissimo"]);
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toContain(
      `Refusé (422) : Quantité trop élevée pour ${ready.ref} : commandé 2, déjà expédié 0, annulé 0 ; il reste 2 à expédier.`,
    );

    const first = await warehouse(bo, ["ship", ref, "--line", `${ready.ref}=2`, "--carrier", "Colissimo", "--tracking", "6A000111222"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("Expédition n° 1 enregistrée : 2 articles (Colissimo, suivi 6A000111222).");
    expect(first.stdout).toContain(`: expédiée partiellement.`);
    expect(first.stdout).toContain(`Reliquats : ${awaited.ref} × 3 (en attente).`);

    const arrival = await warehouse(bo, ["stock", `${awaited.ref}=3`, "--next-date", "2027-01-15", "--next-qty", "12"]);
    expect(arrival.code, arrival.stderr).toBe(0);
    expect(arrival.stdout).toContain(`Stock de ${awaited.ref} : 3 en stock. Prochain réassort : 15/01/2027 (12).`);
    expect(arrival.stdout).toContain(`Reliquats disponibles : ${ref} × 3.`);

    const rest = await warehouse(bo, ["ship", ref, "--all", "--carrier", "DPD"]);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stdout).toContain(`Commande ${ref} (C0001 Voilerie Atlantique) : expédiée.`);
    const delivered = await warehouse(bo, ["deliver", ref]);
    expect(delivered.stdout).toContain(": livrée.");
    const again = await warehouse(bo, ["cancel", ref]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Refusé (409) : La commande ${ref} est livrée : elle ne peut plus changer.`);

    const shown = await warehouse(bo, ["show", ref]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain("Historique :");
    expect(shown.stdout).toMatch(/Commande livrée — Entrepôt NautiDistrib/);
    const order = await details(bo, client, placed.ord_id);
    expect(order.status).toBe("livrée");
    expect(lineOf(order, awaited.ref)).toMatchObject({ shipped: 3, backorder: { state: "expédié" } });
  }, 120_000);

  it("exits 2 on a wrong command line and 1 on a refused token, in French", async () => {
    const [usage, unknown, refused] = await Promise.all([
      warehouse(bo, ["ship", "CMD-000001", "--line", "ABC=2"]),
      warehouse(bo, ["envoyer"]),
      warehouse(bo, ["list"], { WAREHOUSE_TOKEN: "not-a-valid-service-token-123" }),
    ]);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining("ship : indiquez le transporteur (--carrier).") });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("Commande inconnue : « envoyer ».") });
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Refusé (401) : Jeton de service absent, inconnu ou révoqué."),
    });
    expect(refused.stderr).toContain("(jeton : WAREHOUSE_TOKEN)");
  }, 60_000);
});
