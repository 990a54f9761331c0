import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortalServer, type PortalServer } from "../../../server/app";
import { runAdmin } from "../../../server/backoffice/admin/cli";
import { DEMO_PASSWORD, DEMO_SERVICE_TOKEN } from "../../../server/backoffice/seed/organizations-data";
import { FIRST_START_NOTICE } from "../../../server/database";
import { spawnPortalEntry } from "../cluster/portal-cluster";
import { SECRET } from "./harness";

/**
 * Decision 0163: a production start seeds no demo (public password and service token) unless
 * DEMO_DATA=1, refuses the demo's token whatever the database holds, says how to set up an
 * empty database, and `npm run admin` creates the first token and accounts. E-mails' links are
 * absolute: PORTAL_URL is required in production, development defaults to its own address.
 */

const PORTAL_URL = "https://portail.example.fr";
const DEMO_LOGIN = "client@voilerie-atlantique.fr";

/** A portal's log lines, kept to be looked at. */
function capturedLogger() {
  const messages: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) messages.push(String((JSON.parse(line) as { msg?: unknown }).msg));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), messages };
}

function startProduction(dataDir: string, options: { demoData?: boolean } = {}) {
  const log = capturedLogger();
  return createPortalServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    sessionSecret: SECRET,
    production: true,
    portalUrl: PORTAL_URL,
    logger: log.logger,
    ...options,
  }).then((portal) => ({ portal, messages: log.messages }));
}

const erpOrders = (portal: PortalServer, token: string) =>
  fetch(`${portal.url}/api/erp/orders`, { headers: { authorization: `Bearer ${token}` } });
const logIn = (portal: PortalServer, login: string, password: string) =>
  fetch(`${portal.backofficeUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login, password }),
  });

describe("a production start", () => {
  const folders: string[] = [];
  const newDataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "portail-production-"));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it("is refused in French without PORTAL_URL", async () => {
    const entry = spawnPortalEntry({
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      DATABASE_MEMORY: "1",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: await newDataDir(),
    });
    const { code } = await entry.exited;
    expect(code).toBe(1);
    expect(entry.output()).toContain("PORTAL_URL est obligatoire en production");
  }, 60_000);

  it("on an empty database has no demo, refuses the demo's token, says how to begin; `npm run admin` then makes a working token and account", async () => {
    const dataDir = await newDataDir();
    const first = await startProduction(dataDir);
    try {
      expect(first.messages).toContain(FIRST_START_NOTICE);
      expect(FIRST_START_NOTICE).toContain("npm run service-token -- create ERP");
      expect((await erpOrders(first.portal, DEMO_SERVICE_TOKEN)).status).toBe(401);
      expect((await logIn(first.portal, DEMO_LOGIN, DEMO_PASSWORD)).status).toBe(401);
    } finally {
      await first.portal.close();
    }

    const env = { NODE_ENV: "production", DATA_DIR: dataDir, PORTAL_URL } as NodeJS.ProcessEnv;
    const tokenOutput = await runAdmin(["token", "create", "--name", "ERP"], env);
    const token = /^svc_\S+$/m.exec(tokenOutput)?.[0] ?? "";
    expect(token).not.toBe("");
    expect(
      await runAdmin(
        ["organization", "create", "--ref", "c0001", "--name", "Voilerie du Ponant", "--zipcode", "29200", "--city", "Brest"],
        env,
      ),
    ).toBe("Organisation C0001 créée.");
    const userOutput = await runAdmin(
      ["user", "create", "--organization", "C0001", "--email", "Achats@Ponant.fr", "--name", "Anne Le Goff", "--admin"],
      env,
    );
    const invitation = new RegExp(`^${PORTAL_URL}/invitation/(\\S+)$`, "m").exec(userOutput)?.[1] ?? "";
    expect(invitation).not.toBe("");
    await expect(
      runAdmin(["user", "create", "--organization", "C0001", "--email", "achats@ponant.fr", "--name", "Autre"], env),
    ).rejects.toThrow("L'adresse achats@ponant.fr est déjà celle d'un compte du portail.");

    const second = await startProduction(dataDir);
    try {
      expect(second.messages).not.toContain(FIRST_START_NOTICE);
      expect((await erpOrders(second.portal, token)).status).toBe(200);
      const info = await fetch(`${second.portal.backofficeUrl}/api/auth/invitations/${invitation}`);
      expect(await info.json()).toMatchObject({ email: "achats@ponant.fr", name: "Anne Le Goff", org_name: "Voilerie du Ponant" });
      const password = "Brise-lames-Ouessant-2026";
      const accepted = await fetch(`${second.portal.backofficeUrl}/api/auth/invitations/${invitation}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password }),
      });
      expect(accepted.status).toBeLessThan(300);
      const login = await logIn(second.portal, "achats@ponant.fr", password);
      expect(login.status).toBe(200);
      const { token: session } = (await login.json()) as { token: string };
      const me = await fetch(`${second.portal.backofficeUrl}/api/auth/me`, { headers: { authorization: `Bearer ${session}` } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({
        user: { obj_class: "people", obj_properties: { admin: true, org_name: "Voilerie du Ponant" } },
      });
    } finally {
      await second.portal.close();
    }
  }, 420_000);

  it("seeds the demo with DEMO_DATA=1, and refuses the demo's token without it though the database holds it", async () => {
    const dataDir = await newDataDir();
    const withDemo = await startProduction(dataDir, { demoData: true });
    try {
      expect(withDemo.messages).not.toContain(FIRST_START_NOTICE);
      expect((await erpOrders(withDemo.portal, DEMO_SERVICE_TOKEN)).status).toBe(200);
      expect((await logIn(withDemo.portal, DEMO_LOGIN, DEMO_PASSWORD)).status).toBe(200);
    } finally {
      await withDemo.portal.close();
    }
    const without = await startProduction(dataDir);
    try {
      const refused = await erpOrders(without.portal, DEMO_SERVICE_TOKEN);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ message: "Jeton de service absent, inconnu ou révoqué." });
    } finally {
      await without.portal.close();
    }
  }, 420_000);
});

/** A port free a moment ago: the e-mails' default address needs the port before the portal listens. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe("a development start without PORTAL_URL", () => {
  let portal: PortalServer;
  let dataDir: string;
  let port: number;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "portail-development-"));
    port = await freePort();
    portal = await createPortalServer({
      port,
      host: "127.0.0.1",
      memoryDb: true,
      dataDir,
      sessionSecret: SECRET,
      production: false,
      logger: pino({ level: "silent" }),
    });
  }, 120_000);
  afterAll(async () => {
    await portal?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes e-mails whose links are absolute, to the address it listens on", async () => {
    const answer = await fetch(`${portal.url}/api/auth/password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_LOGIN }),
    });
    expect(answer.status).toBe(202);
    const mailDir = path.join(dataDir, "mail");
    // The e-mail leaves after the answer: wait for its file.
    let mail = "";
    await expect
      .poll(
        async () => {
          const files = await readdir(mailDir).catch(() => [] as string[]);
          const file = files.find((name) => name.endsWith(".eml"));
          mail = file ? await readFile(path.join(mailDir, file), "utf8") : "";
          return mail.replace(/=\r?\n/g, "");
        },
        { timeout: 30_000 },
      )
      .toContain(`http://127.0.0.1:${port}/nouveau-mot-de-passe?`);
  });
});
