import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnPortalEntry, type PortalProcessTree } from "../cluster/portal-cluster";

/**
 * Decision 0209: `npm start` runs the compiled server (build/server/index.js, made by
 * scripts/build-server.mjs; here by tests/setup/build-once.ts) with node alone, no TypeScript
 * loader: it starts its PGlite worker thread from the compiled worker beside it, loads the
 * Remix build and serves the pages.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SECRET = "compiled-server-secret-0123456789-abcdef";

describe("the compiled server", () => {
  let dataDir: string;
  let portal: PortalProcessTree;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "compiled-server-"));
    // Production on an empty embedded database: no demo to seed, the start is the server's own.
    portal = spawnPortalEntry(
      {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        SESSION_SECRET: SECRET,
        PORTAL_URL: "https://portail.example.fr",
      },
      { compiled: true },
    );
    const started = await portal.waitForLine((line) => line.msg === "Portail démarré", 90_000);
    url = String(started.url);
  }, 120_000);

  afterAll(async () => {
    if (portal.child.exitCode === null) {
      portal.child.kill("SIGTERM");
      await portal.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is plain JavaScript: the scripts production runs name no TypeScript loader", async () => {
    const { scripts } = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    for (const name of ["start", "backoffice", "import", "admin", "service-token", "warehouse", "events"]) {
      expect(scripts[name], name).toMatch(/node build\/server\/[a-z-]+\.js$/);
      expect(scripts[name], name).not.toContain("tsx");
    }
    expect(portal.child.spawnargs.slice(1)).toEqual(["build/server/index.js"]);
  });

  it("answers /sante (its database open on the compiled worker thread) and renders /connexion", async () => {
    const sante = await fetch(`${url}/sante`);
    expect(sante.status).toBe(200);
    const page = await fetch(`${url}/connexion`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    expect(portal.output()).not.toMatch(/"level":(50|60)/);
  });
});
