import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runServiceToken, ServiceTokenUsageError } from "../../../server/backoffice/admin/service-token-cli";
import { resolveServiceToken } from "../../../server/backoffice/auth/service-tokens";
import { hashToken } from "../../../server/backoffice/auth/tokens";
import { openCommandDatabase } from "../../../server/backoffice/db/command-database";

/**
 * `npm run service-token` (server/backoffice/admin/service-token-cli.ts) on a production
 * database without demo data: the embedded one of DATA_DIR, and an empty PostgreSQL database
 * when TEST_DATABASE_URL is set. The token printed once works; only its hash is stored.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const TOKEN = /^svc_[A-Za-z0-9_-]{40,}$/m;
const envOf = (vars: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...vars });

/** The system a printed token belongs to, read from the database as the portal does, and how many organizations it holds. */
async function check(env: NodeJS.ProcessEnv, token: string): Promise<{ system: string | undefined; organizations: number }> {
  const { db, close } = await openCommandDatabase(env);
  try {
    const system = (await resolveServiceToken(db, hashToken(token)))?.name;
    const organizations = (await db.selectFrom("organizations").select("id").execute()).length;
    return { system, organizations };
  } finally {
    await close();
  }
}

describe("npm run service-token", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "service-token-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Each command opens the embedded database (a few seconds on a busy machine).
  it("creates, lists and revokes tokens on an embedded database without demo data", { timeout: 90_000 }, async () => {
    const env = envOf({ DATA_DIR: dataDir });
    expect(await runServiceToken(["list"], env)).toBe("Aucun jeton de service : créez-en un avec npm run service-token -- create <nom>.");
    const output = await runServiceToken(["create", "ERP", "Sage"], env);
    expect(output).toContain("Jeton de service pour « ERP Sage » (affiché une seule fois, seule son empreinte est gardée) :");
    const token = TOKEN.exec(output)?.[0] ?? "";
    expect(await check(env, token)).toEqual({ system: "ERP Sage", organizations: 0 });
    expect(await runServiceToken(["list"], env)).toMatch(/^Jetons de service \(1\) :\n {2}ERP Sage — créé le .+, actif$/);

    expect(await runServiceToken(["revoke", "ERP Sage"], env, new Date("2026-12-01T09:00:00Z"))).toBe("1 jeton de « ERP Sage » révoqué.");
    expect(await runServiceToken(["list"], env)).toMatch(/ERP Sage — créé le .+, révoqué le 1 décembre 2026/);
    expect((await check(env, token)).system).toBeUndefined();
  });

  it("says what is wrong with the command line", async () => {
    await expect(runServiceToken(["create"], envOf({}))).rejects.toThrow(
      new ServiceTokenUsageError('Indiquez le nom du système : npm run service-token -- create "ERP Sage".'),
    );
    await expect(runServiceToken(["rotate", "ERP"], envOf({}))).rejects.toThrow("Commande inconnue : « rotate ».");
  });

  it("runs as npm runs it, and exits 2 on a wrong command", { timeout: 90_000 }, async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          "npm",
          ["run", "--silent", "service-token", "--", ...args],
          { cwd: ROOT, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir }, timeout: 60_000 },
          (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
        );
      });
    const created = await run(["create", "Entrepôt"]);
    expect(created.code, created.stderr).toBe(0);
    const token = TOKEN.exec(created.stdout)?.[0] ?? "";
    expect((await check(envOf({ DATA_DIR: dataDir }), token)).system).toBe("Entrepôt");
    const wrong = await run(["delete"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Commande inconnue : « delete ».");
  });

  it.runIf(process.env.TEST_DATABASE_URL)("creates a working token on an empty PostgreSQL database", async () => {
    const server = process.env.TEST_DATABASE_URL ?? "";
    const name = `service_token_${randomBytes(4).toString("hex")}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    try {
      const url = new URL(server);
      url.pathname = `/${name}`;
      const env = envOf({ DATABASE_URL: url.href });
      const token = TOKEN.exec(await runServiceToken(["create", "ERP Odoo"], env))?.[0] ?? "";
      expect(await check(env, token)).toEqual({ system: "ERP Odoo", organizations: 0 });
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
